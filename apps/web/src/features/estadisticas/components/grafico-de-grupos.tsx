import type { PeriodoQuery } from '@compra-grupal/contracts';
import { formatPeriodo } from '@/lib/periodo';
import { formatEntero } from '../lib/formato';
import { COLUMNA_DE_ESCALA, type Escala, type PuntoDeSerie, UNIDAD_DE_ESCALA } from '../lib/serie';
import { GraficoCard } from './grafico-card';
import { GraficoDeBarras, type SerieDeGrafico } from './grafico-de-barras';

// The API counts expired groups with the cancelled ones, day by day: the name says so.
const SERIES: readonly SerieDeGrafico[] = [
  {
    campo: 'gruposCompletados',
    nombre: 'Completados',
    color: 'var(--color-primary)',
    formato: formatEntero,
  },
  {
    campo: 'gruposCancelados',
    nombre: 'Cancelados o vencidos',
    color: 'var(--color-destructive)',
    formato: formatEntero,
  },
];

const sumar = (puntos: readonly PuntoDeSerie[], campo: 'gruposCompletados' | 'gruposCancelados') =>
  puntos.reduce((total, punto) => total + punto[campo], 0);

const grupos = (cantidad: number) =>
  cantidad === 1 ? '1 grupo' : `${formatEntero(cantidad)} grupos`;

/** 'Grupos completados y cancelados', point by point. */
export function GraficoDeGrupos({
  periodo,
  escala,
  puntos,
}: {
  periodo: PeriodoQuery;
  escala: Escala;
  puntos: readonly PuntoDeSerie[];
}) {
  const unidad = UNIDAD_DE_ESCALA[escala];
  const titulo = 'Grupos completados y cancelados';
  const completados = sumar(puntos, 'gruposCompletados');
  const cancelados = sumar(puntos, 'gruposCancelados');
  const resumen =
    `Gráfico de barras de grupos por ${unidad}, ${formatPeriodo(periodo)}: ` +
    `${grupos(completados)} completados y ${grupos(cancelados)} cancelados o vencidos.`;

  return (
    <GraficoCard
      titulo={titulo}
      resumen={resumen}
      series={SERIES}
      totales={[formatEntero(completados), formatEntero(cancelados)]}
      tabla={{
        caption: `${titulo} por ${unidad}, ${formatPeriodo(periodo)}`,
        columnas: [COLUMNA_DE_ESCALA[escala], 'Completados', 'Cancelados o vencidos'],
        filas: puntos.map((punto) => ({
          clave: punto.dia,
          encabezado: punto.etiquetaLarga,
          celdas: [formatEntero(punto.gruposCompletados), formatEntero(punto.gruposCancelados)],
        })),
      }}
    >
      <GraficoDeBarras
        puntos={puntos}
        series={SERIES}
        disposicion="apilada"
        formatoDelEje={formatEntero}
        enteros
      />
    </GraficoCard>
  );
}
