import type { PeriodoQuery, VentasPorDia } from '@compra-grupal/contracts';
import { diasDelPeriodo, lunesDeLaSemana, sumarDias } from '@/lib/periodo';
import { formatDiaCorto, formatDiaLargo, formatMesCorto, formatMesLargo } from './formato';

/** How the charts and their tables group the days: a long period by weeks or months. */
export type Escala = 'dia' | 'semana' | 'mes';

export const UNIDAD_DE_ESCALA: Record<Escala, string> = {
  dia: 'día',
  semana: 'semana',
  mes: 'mes',
};

/** The heading of a table's first column. */
export const COLUMNA_DE_ESCALA: Record<Escala, string> = {
  dia: 'Día',
  semana: 'Semana',
  mes: 'Mes',
};

export interface PuntoDeSerie {
  /** The first day of the point, 'YYYY-MM-DD'. */
  dia: string;
  /** For an axis: '3 nov', 'sem. 3 nov', 'nov 2026'. */
  etiqueta: string;
  /** For a table or a tooltip: 'mar, 3 de noviembre de 2026', 'Semana del 3 nov'... */
  etiquetaLarga: string;
  pagado: number;
  reembolsado: number;
  gruposCompletados: number;
  gruposCancelados: number;
}

/** Up to six weeks day by day; up to about six months by week; longer, by month. */
export function escalaDelPeriodo(periodo: PeriodoQuery): Escala {
  const dias = diasDelPeriodo(periodo);
  if (dias <= 45) return 'dia';
  if (dias <= 190) return 'semana';
  return 'mes';
}

function inicioDelPunto(dia: string, escala: Escala): string {
  if (escala === 'dia') return dia;
  if (escala === 'mes') return `${dia.slice(0, 7)}-01`;
  return lunesDeLaSemana(dia);
}

function etiquetas(
  inicio: string,
  escala: Escala,
): Pick<PuntoDeSerie, 'etiqueta' | 'etiquetaLarga'> {
  switch (escala) {
    case 'dia':
      return { etiqueta: formatDiaCorto(inicio), etiquetaLarga: formatDiaLargo(inicio) };
    case 'semana':
      return {
        etiqueta: formatDiaCorto(inicio),
        etiquetaLarga: `Semana del ${formatDiaCorto(inicio)}`,
      };
    case 'mes':
      return { etiqueta: formatMesCorto(inicio), etiquetaLarga: formatMesLargo(inicio) };
  }
}

// Pesos added as floats drift (0.1 + 0.2): each sum is rounded back to cents.
const centavos = (pesos: number) => Math.round(pesos * 100) / 100;

/**
 * The period's points, one per day, week or month, with the days the API did not list at zero,
 * so a chart's axis keeps the calendar's rhythm and a quiet day shows as one.
 */
export function serieDelPeriodo(periodo: PeriodoQuery, porDia: readonly VentasPorDia[]) {
  const escala = escalaDelPeriodo(periodo);
  const delDia = new Map(porDia.map((dia) => [dia.dia, dia]));
  const puntos: PuntoDeSerie[] = [];
  let actual: PuntoDeSerie | undefined;
  const dias = diasDelPeriodo(periodo);
  for (let i = 0, dia = periodo.desde; i < dias; i++, dia = sumarDias(dia, 1)) {
    const inicio = inicioDelPunto(dia, escala);
    if (actual?.dia !== inicio) {
      actual = {
        dia: inicio,
        ...etiquetas(inicio, escala),
        pagado: 0,
        reembolsado: 0,
        gruposCompletados: 0,
        gruposCancelados: 0,
      };
      puntos.push(actual);
    }
    const datos = delDia.get(dia);
    if (!datos) continue;
    actual.pagado = centavos(actual.pagado + datos.pagado);
    actual.reembolsado = centavos(actual.reembolsado + datos.reembolsado);
    actual.gruposCompletados += datos.gruposCompletados;
    actual.gruposCancelados += datos.gruposCancelados;
  }
  return { escala, puntos };
}

/** The point with the most of `campo`, if any has more than zero. */
export function puntoMaximo(
  puntos: readonly PuntoDeSerie[],
  campo: 'pagado' | 'gruposCompletados',
): PuntoDeSerie | undefined {
  let maximo: PuntoDeSerie | undefined;
  for (const punto of puntos) {
    if (punto[campo] > (maximo?.[campo] ?? 0)) maximo = punto;
  }
  return maximo;
}
