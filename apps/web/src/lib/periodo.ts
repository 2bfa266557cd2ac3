import { diaSchema, type PeriodoQuery, periodoQuerySchema } from '@compra-grupal/contracts';

/**
 * A period of Buenos Aires days, as the screens that choose one (Estadísticas, Dinero en curso)
 * offer it and the API counts it: `PeriodoQuery`, both days included.
 */

/** The periods a selector can offer; 'personalizado' takes its two days from the inputs. */
export const OPCIONES_DE_PERIODO = ['semana', 'mes', 'mes-pasado', 'personalizado'] as const;
export type OpcionDePeriodo = (typeof OPCIONES_DE_PERIODO)[number];
export type PeriodoPredefinido = Exclude<OpcionDePeriodo, 'personalizado'>;

export const ETIQUETA_DE_PERIODO: Record<OpcionDePeriodo, string> = {
  semana: 'Esta semana',
  mes: 'Este mes',
  'mes-pasado': 'Mes pasado',
  personalizado: 'Personalizado',
};

/** The period a screen opens on: 'Este mes'. */
export const PERIODO_INICIAL: PeriodoPredefinido = 'mes';

export function esOpcionDePeriodo(valor: string | null): valor is OpcionDePeriodo {
  return (OPCIONES_DE_PERIODO as readonly (string | null)[]).includes(valor);
}

let formatoDia: Intl.DateTimeFormat | undefined;

/** The calendar day 'YYYY-MM-DD' it is in Buenos Aires at `ahora`: the API counts those days. */
export function hoyEnBuenosAires(ahora: Date = new Date()): string {
  // 'en-CA' writes a date as YYYY-MM-DD.
  formatoDia ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return formatoDia.format(ahora);
}

/** A calendar day as a UTC midnight: day arithmetic without any time zone in the way. */
export const fechaDelDia = (dia: string) => new Date(`${dia}T00:00:00Z`);

const diaDeFecha = (fecha: Date) => fecha.toISOString().slice(0, 10);

export function sumarDias(dia: string, dias: number): string {
  const fecha = fechaDelDia(dia);
  fecha.setUTCDate(fecha.getUTCDate() + dias);
  return diaDeFecha(fecha);
}

/** The Monday of the week of `dia` (weeks start on Monday). */
export function lunesDeLaSemana(dia: string): string {
  // getUTCDay counts from Sunday (0).
  return sumarDias(dia, -((fechaDelDia(dia).getUTCDay() + 6) % 7));
}

/** How many days the period covers, both ends included. */
export function diasDelPeriodo({ desde, hasta }: PeriodoQuery): number {
  return Math.round((fechaDelDia(hasta).getTime() - fechaDelDia(desde).getTime()) / 86_400_000) + 1;
}

/**
 * 'Esta semana': Monday to today; 'Este mes': its first day to today; 'Mes pasado': the whole
 * previous month. Days are Buenos Aires days, whatever the browser's zone.
 */
export function periodoPredefinido(
  opcion: PeriodoPredefinido,
  ahora: Date = new Date(),
): PeriodoQuery {
  const hoy = hoyEnBuenosAires(ahora);
  const fecha = fechaDelDia(hoy);
  const anio = fecha.getUTCFullYear();
  const mes = fecha.getUTCMonth();
  switch (opcion) {
    case 'semana':
      return { desde: lunesDeLaSemana(hoy), hasta: hoy };
    case 'mes':
      return { desde: diaDeFecha(new Date(Date.UTC(anio, mes, 1))), hasta: hoy };
    case 'mes-pasado':
      // Day 0 of a month is the last day of the one before.
      return {
        desde: diaDeFecha(new Date(Date.UTC(anio, mes - 1, 1))),
        hasta: diaDeFecha(new Date(Date.UTC(anio, mes, 0))),
      };
  }
}

export interface ErroresDelPeriodo {
  desde?: string;
  hasta?: string;
}

/**
 * What is wrong with two days typed in 'Personalizado', by field, in the contract's words (the
 * last day not before the first, three years at most); nothing when the API would accept them.
 */
export function erroresDelPeriodo(borrador: PeriodoQuery): ErroresDelPeriodo {
  const errores: ErroresDelPeriodo = {};
  const desde = errorDelDia(borrador.desde, 'Elige el primer día');
  const hasta = errorDelDia(borrador.hasta, 'Elige el último día');
  if (desde) errores.desde = desde;
  if (hasta) errores.hasta = hasta;
  // The period's own rules only mean something between two days that exist.
  if (desde || hasta) return errores;
  const resultado = periodoQuerySchema.safeParse(borrador);
  if (!resultado.success) errores.hasta = resultado.error.issues[0]?.message;
  return errores;
}

function errorDelDia(dia: string, siFalta: string): string | undefined {
  if (!dia) return siFalta;
  const resultado = diaSchema.safeParse(dia);
  return resultado.success ? undefined : resultado.error.issues[0]?.message;
}

/*
 * The period in words. The formatters are built on first use (as lib/format-fecha.ts does):
 * building one loads its locale's data. Days are formatted in UTC: they are already Buenos Aires
 * days, calendar days rather than instants.
 */
let rango: Intl.DateTimeFormat | undefined;
let diaLegible: Intl.DateTimeFormat | undefined;

/**
 * The period as a range, the month long (Estadísticas, beside its selector):
 * '1–30 de noviembre de 2026', '28 de octubre – 3 de noviembre de 2026', or one day.
 */
export function formatPeriodo({ desde, hasta }: PeriodoQuery): string {
  rango ??= new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return rango.formatRange(fechaDelDia(desde), fechaDelDia(hasta));
}

type Partes = 'dia' | 'dia y mes' | 'completa';

/** A day 'YYYY-MM-DD' the Argentine way: '1 de nov de 2026' (or '1 de nov', or '1'). */
export function formatDia(valor: string, partes: Partes = 'completa'): string {
  const fecha = fechaDelDia(valor);
  if (Number.isNaN(fecha.getTime())) return valor;
  diaLegible ??= new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const piezas = diaLegible.formatToParts(fecha);
  if (partes === 'dia') return piezas.find((pieza) => pieza.type === 'day')?.value ?? valor;
  // Without the year and the ' de ' before it (asking Intl for day and month alone drops the 'de').
  const anio = piezas.findIndex((pieza) => pieza.type === 'year');
  const elegidas = partes === 'dia y mes' && anio > 0 ? piezas.slice(0, anio - 1) : piezas;
  return elegidas.map((pieza) => pieza.value).join('');
}

/**
 * The period as a sentence, the month short, saying the month and year once where they repeat
 * (Dinero en curso, under its title): 'Del 1 al 14 de nov de 2026', 'Del 1 de oct al 14 de nov
 * de 2026', or 'El 1 de nov de 2026' for a single day.
 */
export function textoDelPeriodo({ desde, hasta }: PeriodoQuery): string {
  if (desde === hasta) return `El ${formatDia(desde)}`;
  const partes: Partes =
    desde.slice(0, 7) === hasta.slice(0, 7)
      ? 'dia'
      : desde.slice(0, 4) === hasta.slice(0, 4)
        ? 'dia y mes'
        : 'completa';
  return `Del ${formatDia(desde, partes)} al ${formatDia(hasta)}`;
}
