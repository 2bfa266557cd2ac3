import type { Paquete } from '@compra-grupal/contracts';
import type { OpcionCotizada, PuntoGeo, ShippingPort } from './shipping.port';

/**
 * The embedded shipping quote (DESIGN.md section 2): a rate table of several carriers, with
 * no network and no accounts.
 *
 * Source assumptions: the shapes of the Argentine carriers' public retail price lists for
 * parcels (a price for the first kilo by distance band plus a price per extra kilo, billed
 * on the larger of the real and the volumetric weight, largo × ancho × alto / 5000), with
 * round figures of the order of their 2025 counter prices. They are not any carrier's real
 * prices: they give a checkout that behaves plausibly and deterministically. Carriers' size
 * and weight limits are rounded from their published parcel limits.
 *
 * Pricing: the great-circle distance from the store to the address picks the band;
 * precio = base of the band + per extra kilo × (billable kilos rounded up − 1), rounded up
 * to $10. The motorbike courier instead charges a base plus a price per kilometre (rounded
 * up), only within its radius. Prices are in whole pesos here and integer centavos outside.
 */

/** Distance bands (km, upper bound included), the same for every carrier. */
export const BANDAS_KM = [15, 100, 500, 1200, Number.POSITIVE_INFINITY] as const;

/** Volumetric weight in kg: largo × ancho × alto (cm) / this divisor. */
export const DIVISOR_VOLUMETRICO = 5000;

/** Every price is rounded up to this many pesos. */
const REDONDEO_PESOS = 10;

type PorBanda<T> = readonly [T, T, T, T, T];

interface Limites {
  /** Heaviest billable weight taken (kg). */
  pesoMaximoKg: number;
  /** Longest side taken (cm). */
  ladoMaximoCm: number;
}

interface ServicioPorBandas {
  tipo: 'bandas';
  carrier: string;
  servicio: string;
  limites: Limites;
  /** Pesos for the first kilo, by band. */
  base: PorBanda<number>;
  /** Pesos per extra kilo, by band. */
  porKgAdicional: PorBanda<number>;
  /** Working days [minimum, maximum], by band. */
  dias: PorBanda<readonly [number, number]>;
}

interface ServicioPorKm {
  tipo: 'km';
  carrier: string;
  servicio: string;
  limites: Limites;
  /** Farthest great-circle distance served (km). */
  distanciaMaximaKm: number;
  base: number;
  porKm: number;
  porKgAdicional: number;
  dias: readonly [number, number];
}

export type ServicioDeEnvio = ServicioPorBandas | ServicioPorKm;

/** The table: every carrier and service the embedded quote offers. */
export const TARIFARIO: readonly ServicioDeEnvio[] = [
  {
    tipo: 'bandas',
    carrier: 'Correo Argentino',
    servicio: 'Clásico',
    limites: { pesoMaximoKg: 25, ladoMaximoCm: 150 },
    base: [5200, 6300, 7900, 9400, 11200],
    porKgAdicional: [450, 600, 850, 1100, 1400],
    dias: [
      [2, 4],
      [3, 5],
      [4, 7],
      [5, 8],
      [6, 10],
    ],
  },
  {
    tipo: 'bandas',
    carrier: 'Correo Argentino',
    servicio: 'Expreso',
    limites: { pesoMaximoKg: 25, ladoMaximoCm: 150 },
    base: [7400, 8800, 10900, 12900, 15400],
    porKgAdicional: [600, 800, 1100, 1450, 1800],
    dias: [
      [1, 2],
      [1, 3],
      [2, 4],
      [2, 5],
      [3, 6],
    ],
  },
  {
    tipo: 'bandas',
    carrier: 'Andreani',
    servicio: 'Estándar',
    limites: { pesoMaximoKg: 50, ladoMaximoCm: 180 },
    base: [5900, 6900, 8600, 10200, 12100],
    porKgAdicional: [500, 650, 900, 1200, 1500],
    dias: [
      [2, 3],
      [2, 4],
      [3, 6],
      [4, 7],
      [5, 9],
    ],
  },
  {
    tipo: 'bandas',
    carrier: 'Andreani',
    servicio: 'Urgente',
    limites: { pesoMaximoKg: 50, ladoMaximoCm: 180 },
    base: [8300, 9700, 11900, 14200, 16900],
    porKgAdicional: [650, 850, 1200, 1550, 1950],
    dias: [
      [1, 1],
      [1, 2],
      [2, 3],
      [2, 4],
      [3, 5],
    ],
  },
  {
    tipo: 'bandas',
    carrier: 'OCA',
    servicio: 'Estándar',
    limites: { pesoMaximoKg: 40, ladoMaximoCm: 150 },
    base: [5600, 6600, 8300, 9900, 11800],
    porKgAdicional: [480, 620, 880, 1150, 1450],
    dias: [
      [2, 4],
      [3, 5],
      [4, 6],
      [5, 8],
      [6, 9],
    ],
  },
  {
    tipo: 'bandas',
    carrier: 'OCA',
    servicio: 'Prioritario',
    limites: { pesoMaximoKg: 40, ladoMaximoCm: 150 },
    base: [7900, 9300, 11400, 13600, 16200],
    porKgAdicional: [620, 820, 1150, 1500, 1900],
    dias: [
      [1, 2],
      [1, 2],
      [2, 4],
      [3, 5],
      [3, 6],
    ],
  },
  {
    tipo: 'km',
    carrier: 'Moto Express',
    servicio: 'Mensajería en moto',
    limites: { pesoMaximoKg: 20, ladoMaximoCm: 60 },
    distanciaMaximaKm: 15,
    base: 3500,
    porKm: 180,
    porKgAdicional: 250,
    dias: [0, 1],
  },
];

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanciaKm(a: PuntoGeo, b: PuntoGeo): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitud - a.latitud) * rad;
  const dLng = (b.longitud - a.longitud) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitud * rad) * Math.cos(b.latitud * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The weight a carrier bills (kg): the real one, or the volumetric one when larger. */
export const pesoFacturableKg = ({ peso, largo, ancho, alto }: Paquete): number =>
  Math.max(peso, (largo * ancho * alto) / DIVISOR_VOLUMETRICO);

/** The band of a distance: 0 for up to 15 km ... 4 beyond 1200 km. */
export const bandaDe = (km: number): number => BANDAS_KM.findIndex((hasta) => km <= hasta);

/** Kilos beyond the first, rounded up (a carrier bills whole kilos). */
const kilosAdicionales = (pesoKg: number) => Math.max(0, Math.ceil(pesoKg - 1e-9) - 1);

const redondear = (pesos: number) => Math.ceil(pesos / REDONDEO_PESOS) * REDONDEO_PESOS;

/** The quote of one service, or undefined when it does not take the package there. */
function cotizarServicio(
  servicio: ServicioDeEnvio,
  km: number,
  paquete: Paquete,
): OpcionCotizada | undefined {
  const peso = pesoFacturableKg(paquete);
  const ladoMayor = Math.max(paquete.largo, paquete.ancho, paquete.alto);
  if (peso > servicio.limites.pesoMaximoKg || ladoMayor > servicio.limites.ladoMaximoCm) {
    return undefined;
  }
  let pesos: number;
  let dias: readonly [number, number];
  if (servicio.tipo === 'km') {
    if (km > servicio.distanciaMaximaKm) return undefined;
    pesos =
      servicio.base +
      servicio.porKm * Math.ceil(km) +
      servicio.porKgAdicional * kilosAdicionales(peso);
    dias = servicio.dias;
  } else {
    const banda = bandaDe(km);
    const base = servicio.base[banda];
    const porKg = servicio.porKgAdicional[banda];
    const diasDeBanda = servicio.dias[banda];
    if (base === undefined || porKg === undefined || diasDeBanda === undefined) return undefined;
    pesos = base + porKg * kilosAdicionales(peso);
    dias = diasDeBanda;
  }
  return {
    carrier: servicio.carrier,
    servicio: servicio.servicio,
    diasMinimos: dias[0],
    diasMaximos: dias[1],
    precioCentavos: redondear(pesos) * 100,
  };
}

/** Every option of the table for a trip and a package, cheapest first. */
export function cotizarConTarifario(
  origen: PuntoGeo,
  destino: PuntoGeo,
  paquete: Paquete,
  tarifario: readonly ServicioDeEnvio[] = TARIFARIO,
): OpcionCotizada[] {
  const km = distanciaKm(origen, destino);
  return tarifario
    .map((servicio) => cotizarServicio(servicio, km, paquete))
    .filter((opcion): opcion is OpcionCotizada => opcion !== undefined)
    .sort(
      (a, b) =>
        a.precioCentavos - b.precioCentavos ||
        a.diasMaximos - b.diasMaximos ||
        a.carrier.localeCompare(b.carrier, 'es') ||
        a.servicio.localeCompare(b.servicio, 'es'),
    );
}

/** The embedded shipping port: the rate table above. */
export function createTarifarioEnvio(): ShippingPort {
  return {
    async cotizar({ origen, destino, paquete }) {
      return cotizarConTarifario(origen, destino, paquete);
    },
  };
}
