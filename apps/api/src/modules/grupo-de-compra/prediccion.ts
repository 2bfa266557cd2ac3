import type { MotivoPrediccion } from '@compra-grupal/contracts';

/**
 * When an open group fills (docs/decisions/052). Pure: no clock, no database.
 *
 * The product's places arrive as one Poisson stream whose rate (places per hour) drifts. The
 * rate is a Gamma–Poisson estimate with exponential forgetting: places seen over hours of
 * exposure, each place and each hour weighted 2^(-age / `semividaHoras`). The open group gives
 * its own joins and the hours it has been open; each earlier group gives its places spread
 * evenly over the hours it was open (its joins are not read), times `pesoHistoria`. So at
 * opening the forecast is the product's recent pace, and the group's own joins take over as
 * they come. Hours left = places missing × weighted hours / (weighted places + `lugaresExtra`):
 * the time to fill is skewed (few joins, joins of several places), and the plain ratio lands
 * after the median, most with few places seen; with the extra places about half of the groups
 * fill before the date shown. The extra places carry the weight of the newest place seen, so
 * that with no join the estimate keeps growing instead of settling at a fixed pace.
 */

/** An open group, with every take of places in it (`participantes_grupo`). */
export interface GrupoParaPrediccion {
  lugaresNecesarios: number;
  lugaresOcupados: number;
  fechaCreacion: Date;
  fechaLimite: Date | null;
  tomas: { creadoEn: Date; cantidad: number }[];
}

/**
 * An earlier group of the same product, newest first. `cerradoEn` is when it left `abierto`
 * (filled, closed by its seller, or cancelled). `lugaresOcupados` is the places it had then;
 * leave it out for a group that filled (it is then `lugaresNecesarios`). A group that did not
 * fill still says how fast places came while it was open.
 */
export interface GrupoAnterior {
  lugaresNecesarios: number;
  lugaresOcupados?: number;
  fechaCreacion: Date;
  cerradoEn: Date;
}

export interface EntradaPrediccion {
  grupo: GrupoParaPrediccion;
  anteriores: readonly GrupoAnterior[];
  ahora: Date;
}

export interface PrediccionCompletado {
  fecha: Date | null;
  motivo: MotivoPrediccion;
}

export interface ParametrosPrediccion {
  /** Hours after which a place seen (or an hour of waiting) counts half. */
  semividaHoras: number;
  /** Weight of the earlier groups' places and hours against the open group's own. */
  pesoHistoria: number;
  /** Places added to the weighted places seen, to aim at the median time rather than past it. */
  lugaresExtra: number;
}

/** Chosen by the simulation (prediccion.simulacion.test.ts, decision 052). */
export const PARAMETROS_PREDICCION: ParametrosPrediccion = {
  semividaHoras: 72,
  pesoHistoria: 1,
  lugaresExtra: 2,
};

/** Earlier groups read, newest first. */
export const MAX_ANTERIORES = 10;

const HORA = 3_600_000;
/** Shortest exposure counted: a group can fill within an instant (one large join). */
const EXPOSICION_MINIMA_HORAS = 0.25;
/** Farthest date returned, so that a near-zero pace still makes a valid `Date`. */
const HORIZONTE_MAXIMO_HORAS = 24 * 365 * 10;

/**
 * Weighted exposure of the window whose ages (hours before now) go from `desde` to `hasta`:
 * the integral of 2^(-age / semivida).
 */
function exposicion(desde: number, hasta: number, semivida: number): number {
  if (!Number.isFinite(semivida)) return hasta - desde;
  const k = Math.LN2 / semivida;
  return (Math.exp(-k * desde) - Math.exp(-k * hasta)) / k;
}

function peso(edad: number, semivida: number): number {
  return Number.isFinite(semivida) ? 2 ** (-edad / semivida) : 1;
}

/**
 * Weighted places seen and weighted hours of exposure (the rate is their ratio), and the weight
 * of the newest place seen.
 */
function evidencia(
  { grupo, anteriores, ahora }: EntradaPrediccion,
  { semividaHoras, pesoHistoria }: ParametrosPrediccion,
): { lugares: number; horas: number; ultimo: number } {
  const edad = (fecha: Date) => Math.max(0, (ahora.getTime() - fecha.getTime()) / HORA);
  let lugares = 0;
  let ultimo = 0;
  for (const toma of grupo.tomas) {
    if (toma.creadoEn.getTime() > ahora.getTime() || toma.cantidad <= 0) continue;
    const w = peso(edad(toma.creadoEn), semividaHoras);
    lugares += toma.cantidad * w;
    ultimo = Math.max(ultimo, w);
  }
  let horas = exposicion(
    0,
    Math.max(edad(grupo.fechaCreacion), EXPOSICION_MINIMA_HORAS),
    semividaHoras,
  );
  if (pesoHistoria > 0) {
    for (const anterior of anteriores.slice(0, MAX_ANTERIORES)) {
      const desde = edad(anterior.cerradoEn);
      const duracion = Math.max(edad(anterior.fechaCreacion) - desde, EXPOSICION_MINIMA_HORAS);
      const expuesta = exposicion(desde, desde + duracion, semividaHoras);
      const ocupados = anterior.lugaresOcupados ?? anterior.lugaresNecesarios;
      lugares += pesoHistoria * ocupados * (expuesta / duracion);
      horas += pesoHistoria * expuesta;
      if (ocupados > 0) ultimo = Math.max(ultimo, peso(desde, semividaHoras));
    }
  }
  return { lugares, horas, ultimo };
}

function faltan({ grupo }: EntradaPrediccion): number {
  return Math.max(0, grupo.lugaresNecesarios - grupo.lugaresOcupados);
}

/**
 * Hours until the group fills at the estimated pace, whatever its deadline; null when no place
 * was ever seen (nothing to estimate a pace from).
 */
export function horasHastaCompletar(
  entrada: EntradaPrediccion,
  parametros: ParametrosPrediccion = PARAMETROS_PREDICCION,
): number | null {
  if (faltan(entrada) === 0) return 0;
  const { lugares, horas, ultimo } = evidencia(entrada, parametros);
  if (lugares <= 0) return null;
  // The extra places age with the newest place seen: a group nobody joins keeps slowing down.
  const extra = parametros.lugaresExtra * ultimo;
  return Math.min((faltan(entrada) * horas) / (lugares + extra), HORIZONTE_MAXIMO_HORAS);
}

function pasaElLimite({ grupo, ahora }: EntradaPrediccion, horasRestantes: number): boolean {
  return (
    grupo.fechaLimite !== null &&
    ahora.getTime() + horasRestantes * HORA > grupo.fechaLimite.getTime()
  );
}

function conLimite(entrada: EntradaPrediccion, horasRestantes: number): PrediccionCompletado {
  if (pasaElLimite(entrada, horasRestantes)) return { fecha: null, motivo: 'no_llega' };
  return { fecha: new Date(entrada.ahora.getTime() + horasRestantes * HORA), motivo: 'ritmo' };
}

/**
 * The forecast the API returns with an open group: when it would fill (`ritmo`), that it does
 * not fill before its deadline at this pace (`no_llega`), or nothing to say (`sin_datos`: no
 * join yet and no earlier group with places). With no place ever seen, the hours waited still
 * tell one thing: a group that would miss its deadline even if `lugaresExtra` places (at least
 * one) had come in that time is `no_llega`.
 */
export function predecirCompletado(
  entrada: EntradaPrediccion,
  parametros: ParametrosPrediccion = PARAMETROS_PREDICCION,
): PrediccionCompletado {
  const horasRestantes = horasHastaCompletar(entrada, parametros);
  if (horasRestantes !== null) return conLimite(entrada, horasRestantes);
  const { horas } = evidencia(entrada, parametros);
  const optimista = (faltan(entrada) * horas) / Math.max(parametros.lugaresExtra, 1);
  if (pasaElLimite(entrada, optimista)) return { fecha: null, motivo: 'no_llega' };
  return { fecha: null, motivo: 'sin_datos' };
}

/** The naive 'rate so far': places taken / hours open, no history, every join alike. */
export function horasHastaCompletarIngenuo(entrada: EntradaPrediccion): number | null {
  const { grupo, ahora } = entrada;
  if (faltan(entrada) === 0) return 0;
  if (grupo.lugaresOcupados <= 0) return null;
  const abierto = Math.max(
    (ahora.getTime() - grupo.fechaCreacion.getTime()) / HORA,
    EXPOSICION_MINIMA_HORAS,
  );
  return Math.min((faltan(entrada) * abierto) / grupo.lugaresOcupados, HORIZONTE_MAXIMO_HORAS);
}

/** The naive estimator as a forecast, for comparison (decision 052): no join, no forecast. */
export function predecirIngenuo(entrada: EntradaPrediccion): PrediccionCompletado {
  const horasRestantes = horasHastaCompletarIngenuo(entrada);
  if (horasRestantes === null) return { fecha: null, motivo: 'sin_datos' };
  return conLimite(entrada, horasRestantes);
}
