import type { PeriodoQuery } from '@compra-grupal/contracts';
import { formatPrecio } from '@/lib/format-currency';
import { formatPeriodo } from '@/lib/periodo';
import { formatPrecioCompacto } from '../lib/formato';
import {
  COLUMNA_DE_ESCALA,
  type Escala,
  type PuntoDeSerie,
  puntoMaximo,
  UNIDAD_DE_ESCALA,
} from '../lib/serie';
import { GraficoCard } from './grafico-card';
import { GraficoDeBarras, type SerieDeGrafico } from './grafico-de-barras';

const SERIES: readonly SerieDeGrafico[] = [
  { campo: 'pagado', nombre: 'Pagado', color: 'var(--color-primary)', formato: formatPrecio },
  {
    campo: 'reembolsado',
    nombre: 'Reembolsado',
    color: 'var(--color-highlight)',
    formato: formatPrecio,
  },
];

const sumar = (puntos: readonly PuntoDeSerie[], campo: 'pagado' | 'reembolsado') =>
  Math.round(puntos.reduce((total, punto) => total + punto[campo], 0) * 100) / 100;

/** 'Ventas por día' (or week, or month): what was paid and refunded, point by point. */
export function GraficoDeVentas({
  periodo,
  escala,
  puntos,
}: {
  periodo: PeriodoQuery;
  escala: Escala;
  puntos: readonly PuntoDeSerie[];
}) {
  const unidad = UNIDAD_DE_ESCALA[escala];
  const titulo = `Ventas por ${unidad}`;
  const pagado = sumar(puntos, 'pagado');
  const reembolsado = sumar(puntos, 'reembolsado');
  const mejor = puntoMaximo(puntos, 'pagado');
  const resumen = [
    `Gráfico de barras de ventas por ${unidad}, ${formatPeriodo(periodo)}.`,
    `Pagado: ${formatPrecio(pagado)}; reembolsado: ${formatPrecio(reembolsado)}.`,
    mejor ? `Mejor ${unidad}: ${mejor.etiquetaLarga}, con ${formatPrecio(mejor.pagado)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <GraficoCard
      titulo={titulo}
      resumen={resumen}
      series={SERIES}
      totales={[formatPrecio(pagado), formatPrecio(reembolsado)]}
      tabla={{
        caption: `${titulo}, ${formatPeriodo(periodo)}`,
        columnas: [COLUMNA_DE_ESCALA[escala], 'Pagado', 'Reembolsado'],
        filas: puntos.map((punto) => ({
          clave: punto.dia,
          encabezado: punto.etiquetaLarga,
          celdas: [formatPrecio(punto.pagado), formatPrecio(punto.reembolsado)],
        })),
      }}
    >
      <GraficoDeBarras
        puntos={puntos}
        series={SERIES}
        disposicion="superpuesta"
        formatoDelEje={formatPrecioCompacto}
      />
    </GraficoCard>
  );
}
