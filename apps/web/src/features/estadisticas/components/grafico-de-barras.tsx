import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { PuntoDeSerie } from '../lib/serie';

export type CampoDeSerie = 'pagado' | 'reembolsado' | 'gruposCompletados' | 'gruposCancelados';

export interface SerieDeGrafico {
  campo: CampoDeSerie;
  nombre: string;
  /** A CSS colour (a theme variable): the bar, and its dot in the legend and the tooltip. */
  color: string;
  formato: (valor: number) => string;
}

export const ALTURA_DEL_GRAFICO = 256;

const TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

function TooltipDelGrafico({
  active,
  payload,
  series,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { series: readonly SerieDeGrafico[] }) {
  const punto = payload?.[0]?.payload as PuntoDeSerie | undefined;
  if (!active || !punto) return null;
  return (
    <div className="min-w-44 rounded-lg border border-border/70 bg-popover px-3 py-2 text-popover-foreground text-xs shadow-lg">
      <p className="font-semibold first-letter:uppercase">{punto.etiquetaLarga}</p>
      <ul className="mt-1.5 grid gap-1">
        {series.map((serie) => (
          <li key={serie.campo} className="flex items-center gap-2">
            <span aria-hidden className="size-2 rounded-full" style={{ background: serie.color }} />
            <span className="text-muted-foreground">{serie.nombre}</span>
            <span className="ml-auto pl-3 font-semibold tabular-nums">
              {serie.formato(punto[serie.campo])}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Bars of one or two series over the period's points. Drawn for the eye only: the card around
 * it names it (role="img") and gives the same figures as a table. ResponsiveContainer starts
 * from a size of its own, so a render without layout (the server, happy-dom) draws too.
 */
export function GraficoDeBarras({
  puntos,
  series,
  formatoDelEje,
  disposicion,
  enteros = false,
}: {
  puntos: readonly PuntoDeSerie[];
  series: readonly SerieDeGrafico[];
  formatoDelEje: (valor: number) => string;
  /**
   * 'superpuesta': the second series is part of the first (what was refunded of what was paid)
   * and is drawn over it; 'apilada': the series add up (groups that ended, one way or another).
   * Either way a point keeps one wide bar, readable with a month of days on a phone.
   */
  disposicion: 'superpuesta' | 'apilada';
  enteros?: boolean;
}) {
  return (
    <ResponsiveContainer
      width="100%"
      height={ALTURA_DEL_GRAFICO}
      initialDimension={{ width: 480, height: ALTURA_DEL_GRAFICO }}
    >
      <BarChart
        data={puntos as PuntoDeSerie[]}
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
        barGap={disposicion === 'superpuesta' ? '-100%' : 0}
        barCategoryGap="16%"
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="4 4" />
        <XAxis
          dataKey="etiqueta"
          tick={TICK}
          tickLine={false}
          axisLine={false}
          tickMargin={8}
          minTickGap={12}
        />
        <YAxis
          tick={TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={formatoDelEje}
          allowDecimals={!enteros}
          width={enteros ? 32 : 64}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-muted)', opacity: 0.7 }}
          content={(props) => <TooltipDelGrafico {...props} series={series} />}
        />
        {series.map((serie, indice) => (
          <Bar
            key={serie.campo}
            dataKey={serie.campo}
            name={serie.nombre}
            fill={serie.color}
            {...(disposicion === 'apilada' ? { stackId: 'total' } : {})}
            // Stacked, only the top series rounds its corners.
            radius={disposicion === 'apilada' && indice === 0 ? 0 : [4, 4, 0, 0]}
            maxBarSize={28}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
