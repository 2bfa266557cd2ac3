import { ChevronDownIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { SerieDeGrafico } from './grafico-de-barras';

export interface FilaDeTabla {
  clave: string;
  encabezado: string;
  celdas: readonly string[];
}

/**
 * A chart in its card: the title, a legend with each series' total, the drawing named by a
 * summary (role="img"), and 'Ver como tabla' with the same figures for whoever needs them.
 */
export function GraficoCard({
  titulo,
  resumen,
  series,
  totales,
  tabla,
  children,
}: {
  titulo: string;
  /** What the chart shows, in one or two sentences: its accessible name. */
  resumen: string;
  series: readonly SerieDeGrafico[];
  /** Each series' total, as the legend shows it. */
  totales: readonly string[];
  tabla: { caption: string; columnas: readonly string[]; filas: readonly FilaDeTabla[] };
  children: ReactNode;
}) {
  const id = useId();
  const tituloId = `${id}-titulo`;
  const captionId = `${id}-caption`;
  return (
    <section
      aria-labelledby={tituloId}
      className="flex min-w-0 flex-col rounded-2xl border border-border/70 bg-card shadow-xs"
    >
      <div className="px-4 pt-4 sm:px-5 sm:pt-5">
        <h2 id={tituloId} className="font-semibold text-base tracking-tight">
          {titulo}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
          {series.map((serie, indice) => (
            <li key={serie.campo} className="flex items-center gap-2">
              <span
                aria-hidden
                className="size-2.5 rounded-sm"
                style={{ background: serie.color }}
              />
              <span className="text-muted-foreground">{serie.nombre}</span>
              <span className="font-semibold tabular-nums">{totales[indice]}</span>
            </li>
          ))}
        </ul>
      </div>
      <div role="img" aria-label={resumen} className="mt-3 px-2 sm:px-3">
        {children}
      </div>
      <details className="group mt-2 border-border/70 border-t">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-b-2xl px-4 py-3 font-medium text-primary-strong text-sm outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/45 sm:px-5 [&::-webkit-details-marker]:hidden">
          Ver como tabla
          <ChevronDownIcon
            className="size-4 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            aria-hidden
          />
        </summary>
        {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this names a table that scrolls. */}
        <div
          role="group"
          aria-labelledby={captionId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled without a mouse.
          tabIndex={0}
          className="max-h-72 overflow-auto px-4 pb-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45 sm:px-5"
        >
          <table className="w-full text-sm">
            <caption id={captionId} className="sr-only">
              {tabla.caption}
            </caption>
            <thead className="sticky top-0 bg-card">
              <tr className="border-border/70 border-b text-muted-foreground text-xs">
                {tabla.columnas.map((columna, indice) => (
                  <th
                    key={columna}
                    scope="col"
                    className={
                      indice === 0
                        ? 'py-2 text-left font-medium'
                        : 'py-2 pl-4 text-right font-medium'
                    }
                  >
                    {columna}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tabla.filas.map((fila) => (
                <tr key={fila.clave} className="border-border/50 border-b last:border-0">
                  <th scope="row" className="py-1.5 text-left font-normal first-letter:uppercase">
                    {fila.encabezado}
                  </th>
                  {fila.celdas.map((celda, indice) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow its columns.
                      key={indice}
                      className="whitespace-nowrap py-1.5 pl-4 text-right tabular-nums"
                    >
                      {celda}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
