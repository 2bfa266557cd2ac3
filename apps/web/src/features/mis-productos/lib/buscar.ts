/** Lower case without accents, so 'platano' finds 'Plátano'. */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es-AR')
    .trim();
}

/** The items whose name holds the search, in their order; all of them for an empty one. */
export function filtrarPorNombre<T extends { nombre: string }>(
  items: readonly T[],
  busqueda: string,
) {
  const buscado = normalizar(busqueda);
  if (!buscado) return items;
  return items.filter((item) => normalizar(item.nombre).includes(buscado));
}
