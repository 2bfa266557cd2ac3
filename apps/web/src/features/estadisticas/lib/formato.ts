import { fechaDelDia } from '@/lib/periodo';

/*
 * The formatters are built on first use (as lib/format-fecha.ts does): building one loads its
 * locale's data. Days are formatted in UTC because they arrive as calendar days, not instants.
 */
let entero: Intl.NumberFormat | undefined;
let porcentaje: Intl.NumberFormat | undefined;
let precioCompacto: Intl.NumberFormat | undefined;
let diaCorto: Intl.DateTimeFormat | undefined;
let diaLargo: Intl.DateTimeFormat | undefined;
let mesCorto: Intl.DateTimeFormat | undefined;
let mesLargo: Intl.DateTimeFormat | undefined;

const fechas = (opciones: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('es-AR', { ...opciones, timeZone: 'UTC' });

/** A count the Argentine way: 1.234. */
export function formatEntero(valor: number): string {
  entero ??= new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });
  return entero.format(valor);
}

/** A rate from 0 to 1 as a whole percentage ('75 %'); none: '—'. */
export function formatPorcentaje(tasa: number | null): string {
  if (tasa === null) return '—';
  porcentaje ??= new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 0 });
  return porcentaje.format(tasa);
}

/**
 * An amount for a chart's axis, short: '$ 950', '$ 12 mil', '$ 1,2 M'. Written by hand: Intl's
 * compact notation for es-AR mixes 'k' and 'K' across browsers.
 */
export function formatPrecioCompacto(pesos: number): string {
  precioCompacto ??= new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
  const valor = Math.abs(pesos);
  const signo = pesos < 0 ? '-' : '';
  if (valor >= 1_000_000) return `${signo}$ ${precioCompacto.format(valor / 1_000_000)} M`;
  if (valor >= 1_000) return `${signo}$ ${precioCompacto.format(valor / 1_000)} mil`;
  return `${signo}$ ${precioCompacto.format(valor)}`;
}

/** Hours as days and hours: '1 d 4 h', '5 h', '2 d'; under an hour '< 1 h'; none: '—'. */
export function formatHoras(horas: number | null): string {
  if (horas === null || !Number.isFinite(horas) || horas < 0) return '—';
  const redondeadas = Math.round(horas);
  if (redondeadas === 0) return '< 1 h';
  const dias = Math.floor(redondeadas / 24);
  const resto = redondeadas % 24;
  if (dias === 0) return `${resto} h`;
  return resto === 0 ? `${dias} d` : `${dias} d ${resto} h`;
}

/** '3 nov' (a chart's axis, a table's row). */
export function formatDiaCorto(dia: string): string {
  diaCorto ??= fechas({ day: 'numeric', month: 'short' });
  return diaCorto.format(fechaDelDia(dia));
}

/** 'mar, 3 de noviembre de 2026' (a chart's tooltip, a summary read aloud). */
export function formatDiaLargo(dia: string): string {
  diaLargo ??= fechas({ weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
  return diaLargo.format(fechaDelDia(dia));
}

/** 'nov 2026'. */
export function formatMesCorto(dia: string): string {
  mesCorto ??= fechas({ month: 'short', year: 'numeric' });
  return mesCorto.format(fechaDelDia(dia));
}

/** 'noviembre de 2026'. */
export function formatMesLargo(dia: string): string {
  mesLargo ??= fechas({ month: 'long', year: 'numeric' });
  return mesLargo.format(fechaDelDia(dia));
}
