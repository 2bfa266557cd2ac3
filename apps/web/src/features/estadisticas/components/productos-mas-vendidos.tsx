import type { ProductoDeEstadisticas } from '@compra-grupal/contracts';
import { PackageSearchIcon } from 'lucide-react';
import { useId } from 'react';
import { formatPrecio } from '@/lib/format-currency';
import { formatEntero, formatPorcentaje } from '../lib/formato';

/**
 * 'Productos más vendidos' (the API's ten at most, by units): units, sales and how many of
 * their groups that ended in the period filled. The table scrolls inside its card on a phone.
 */
export function ProductosMasVendidos({
  productos,
}: {
  productos: readonly ProductoDeEstadisticas[];
}) {
  const tituloId = useId();
  return (
    <section
      aria-labelledby={tituloId}
      className="min-w-0 rounded-2xl border border-border/70 bg-card shadow-xs"
    >
      <div className="px-4 pt-4 sm:px-5 sm:pt-5">
        <h2 id={tituloId} className="font-semibold text-base tracking-tight">
          Productos más vendidos
        </h2>
        <p className="mt-0.5 text-muted-foreground text-sm">Por unidades vendidas en el período.</p>
      </div>
      {productos.length === 0 ? (
        <p className="flex items-center gap-2 px-4 py-6 text-muted-foreground text-sm sm:px-5">
          <PackageSearchIcon className="size-4" aria-hidden />
          Ningún producto se vendió en este período.
        </p>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this names a table that scrolls.
        <div
          role="group"
          aria-labelledby={tituloId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled without a mouse.
          tabIndex={0}
          className="mt-3 overflow-x-auto pb-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45"
        >
          <table className="w-full min-w-[34rem] text-sm">
            <caption className="sr-only">Productos más vendidos del período</caption>
            <thead>
              <tr className="border-border/70 border-y bg-muted/50 text-muted-foreground text-xs">
                <th scope="col" className="py-2 pr-3 pl-4 text-left font-medium sm:pl-5">
                  Producto
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Unidades
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Ventas
                </th>
                <th scope="col" className="py-2 pr-4 pl-3 text-left font-medium sm:pr-5">
                  Grupos completados
                </th>
              </tr>
            </thead>
            <tbody>
              {productos.map((producto, indice) => (
                <tr key={producto.productoId} className="border-border/50 border-b last:border-0">
                  <th scope="row" className="py-3 pr-3 pl-4 text-left font-medium sm:pl-5">
                    <span className="flex items-center gap-3">
                      <span
                        aria-hidden
                        className="grid size-6 shrink-0 place-items-center rounded-md bg-secondary font-semibold text-secondary-foreground text-xs tabular-nums"
                      >
                        {indice + 1}
                      </span>
                      <span className="min-w-36 wrap-anywhere">{producto.nombre}</span>
                    </span>
                  </th>
                  <td className="px-3 py-3 text-right tabular-nums">
                    {formatEntero(producto.unidades)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 text-right font-medium tabular-nums">
                    {formatPrecio(producto.ventas)}
                  </td>
                  <td className="py-3 pr-4 pl-3 sm:pr-5">
                    <TasaDeCompletado producto={producto} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TasaDeCompletado({ producto }: { producto: ProductoDeEstadisticas }) {
  const { tasaDeCompletado: tasa, gruposCompletados, gruposTerminados } = producto;
  if (tasa === null) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex min-w-36 items-center gap-2.5">
      <span className="w-12 shrink-0 whitespace-nowrap text-right font-semibold tabular-nums">
        {formatPorcentaje(tasa)}
      </span>
      <span
        aria-hidden
        className="h-1.5 min-w-12 flex-1 overflow-hidden rounded-full bg-primary/15"
      >
        <span
          className="block h-full rounded-full bg-primary"
          style={{ width: `${Math.round(tasa * 100)}%` }}
        />
      </span>
      <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
        {gruposCompletados} de {gruposTerminados}
      </span>
    </span>
  );
}
