/**
 * The pricing rule of 'Entrega en grupo' (docs/decisions/057), in centavos, pure.
 *
 * A route costs its store `base + porKm × km`. A member pays at checkout their stop as a route
 * of its own (there and back from the store), up to whole pesos: the most their share can be. When their group
 * completes, the route is planned once for every member that became ready with it, its price
 * is shared, and each gets back what they paid above their share. The shares never exceed what
 * was paid, add up to the route's price to the cent, and none falls below the store's minimum.
 */

/** A store's prices, in centavos. */
export interface TarifaEntregaEnGrupo {
  baseCentavos: number;
  kmCentavos: number;
  minimoCentavos: number;
}

const kmDe = (metros: number) => metros / 1000;

/** Up to whole pesos: what a shopper is quoted reads as a price, not a computation. */
const aPesosEnteros = (centavos: number) => Math.ceil(centavos / 100) * 100;

/** What a route of `metros` costs the store. */
export const costoDeRuta = (tarifa: TarifaEntregaEnGrupo, metros: number): number =>
  tarifa.baseCentavos + Math.ceil(tarifa.kmCentavos * kmDe(metros));

/**
 * What a member pays at checkout: a route to their stop alone, there and back
 * (`idaYVueltaMetros`), never below the minimum. The most their share can be.
 */
export const precioDeHoy = (tarifa: TarifaEntregaEnGrupo, idaYVueltaMetros: number): number =>
  aPesosEnteros(Math.max(tarifa.minimoCentavos, costoDeRuta(tarifa, idaYVueltaMetros)));

/**
 * The least the share can fall to: the group's `lugares` places taken by as many neighbours at
 * this member's door, so the route stays theirs and its price splits that many ways.
 */
export const precioMinimo = (
  tarifa: TarifaEntregaEnGrupo,
  idaYVueltaMetros: number,
  lugares: number,
): number =>
  aPesosEnteros(
    Math.max(
      tarifa.minimoCentavos,
      Math.ceil(costoDeRuta(tarifa, idaYVueltaMetros) / Math.max(1, lugares)),
    ),
  );

/**
 * Splits `total` in parts proportional to `pesos`, each rounded down and the centavos left
 * given one each to the largest remainders (ties: the earlier member), so they add up exactly.
 */
function repartirProporcional(total: number, pesos: readonly number[]): number[] {
  const suma = pesos.reduce((t, p) => t + p, 0);
  if (suma === 0) {
    return repartirProporcional(
      total,
      pesos.map(() => 1),
    );
  }
  const exactas = pesos.map((p) => (total * p) / suma);
  const partes = exactas.map(Math.floor);
  let sobran = total - partes.reduce((t, p) => t + p, 0);
  const porResto = exactas
    .map((e, i) => ({ i, resto: e - Math.floor(e) }))
    .sort((a, b) => b.resto - a.resto || a.i - b.i);
  for (const { i } of porResto) {
    if (sobran <= 0) break;
    partes[i] = (partes[i] ?? 0) + 1;
    sobran--;
  }
  return partes;
}

export interface RepartoDeRuta {
  /** What the route's members pay in all: the sum of `partes`. */
  precioCentavos: number;
  /** Each member's final share, in the order given; never above what they paid. */
  partes: number[];
}

/**
 * The route's price shared by its members, who paid `pagados` (each their `precioDeHoy`).
 *
 * The route's price is its cost (`rutaMetros`, the planned tour back to the store), at least
 * the minimum per member, and at most what they paid in all (a tour through every stop never
 * runs longer than each stop's own round trip added up; the cap keeps that true of a
 * heuristic's tour too). Above the minimum each member's share is in proportion to what they
 * paid above it, so a farther stop keeps paying more than a nearer one.
 */
export function repartirRuta(
  tarifa: TarifaEntregaEnGrupo,
  rutaMetros: number,
  pagados: readonly number[],
): RepartoDeRuta {
  const n = pagados.length;
  if (n === 0) return { precioCentavos: 0, partes: [] };
  // A minimum raised after someone paid never makes them pay more.
  const minimo = Math.min(tarifa.minimoCentavos, ...pagados);
  const pagadoTotal = pagados.reduce((t, p) => t + p, 0);
  const precio = Math.min(pagadoTotal, Math.max(costoDeRuta(tarifa, rutaMetros), n * minimo));
  const sobreElMinimo = repartirProporcional(
    precio - n * minimo,
    pagados.map((p) => p - minimo),
  );
  return { precioCentavos: precio, partes: sobreElMinimo.map((p) => p + minimo) };
}
