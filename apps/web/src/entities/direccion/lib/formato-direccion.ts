/** What every address the app shows carries (a saved address, an order's, a delivery's). */
export interface DireccionMostrable {
  direccion: string;
  departamento?: string | null | undefined;
  descripcion?: string | null | undefined;
  ciudad: string;
  provincia: string;
  codigoPostal?: string | null | undefined;
}

const igual = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

/**
 * The door first (spec part 2, section 2): the street and number, then ', Depto X' and, with
 * `conDescripcion`, ' - description': 'Av. Corrientes 1234, Depto 4° B - Timbre roto'.
 */
export function lineaDeLaPuerta(
  direccion: DireccionMostrable,
  { conDescripcion = true }: { conDescripcion?: boolean } = {},
): string {
  let linea = direccion.direccion.trim();
  const departamento = direccion.departamento?.trim();
  const descripcion = direccion.descripcion?.trim();
  if (departamento) linea += `, Depto ${departamento}`;
  if (conDescripcion && descripcion) linea += ` - ${descripcion}`;
  return linea;
}

/**
 * The locality after the door: 'Recoleta, CABA (C1043)'. A part the door line or the part before
 * already says is not repeated (an old address whose line is its barrio read 'Recoleta,
 * Recoleta, CABA').
 */
export function lineaDeLaLocalidad(
  direccion: DireccionMostrable,
  { conCodigoPostal = true }: { conCodigoPostal?: boolean } = {},
): string {
  const partes: string[] = [];
  for (const parte of [direccion.ciudad, direccion.provincia]) {
    if (!parte.trim()) continue;
    if (igual(parte, direccion.direccion) || partes.some((dicha) => igual(dicha, parte))) continue;
    partes.push(parte.trim());
  }
  const lugar = partes.join(', ');
  const cp = direccion.codigoPostal?.trim();
  return conCodigoPostal && cp ? `${lugar} (${cp})`.trim() : lugar;
}
