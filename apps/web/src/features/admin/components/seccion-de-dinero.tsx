import { InboxIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrecio } from '@/lib/format-currency';

/**
 * One list of money in flight: its title with how many and how much, then the rows, a
 * skeleton while the first answer loads, or what it means that there are none.
 */
export function SeccionDeDinero<T extends { monto: number }>({
  titulo,
  descripcion,
  items,
  vacio,
  actualizando,
  children,
}: {
  titulo: string;
  descripcion: string;
  /** Undefined while the first answer loads. */
  items: readonly T[] | undefined;
  vacio: { titulo: string; detalle: string };
  actualizando: boolean;
  children: (items: readonly T[]) => ReactNode;
}) {
  const tituloId = useId();
  const total = items?.reduce((suma, item) => suma + item.monto, 0) ?? 0;
  return (
    <section aria-labelledby={tituloId} aria-busy={actualizando} className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={tituloId} className="flex items-center gap-2 font-semibold text-lg">
          {titulo}
          {items && items.length > 0 && (
            <span className="rounded-full bg-secondary px-2 py-0.5 font-semibold text-secondary-foreground text-xs tabular-nums">
              {items.length}
            </span>
          )}
        </h2>
        {items && items.length > 0 && (
          <p className="text-muted-foreground text-sm">
            Suman <span className="font-semibold text-foreground">{formatPrecio(total)}</span>
          </p>
        )}
      </div>
      <p className="mt-0.5 text-pretty text-muted-foreground text-sm">{descripcion}</p>
      <div className="mt-4">
        {!items ? (
          <FilasSkeleton />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-10 text-center">
            <span className="grid size-11 place-items-center rounded-xl bg-secondary text-secondary-foreground">
              <InboxIcon className="size-5" aria-hidden />
            </span>
            <p className="mt-3 font-semibold">{vacio.titulo}</p>
            <p className="mt-1 max-w-sm text-pretty text-muted-foreground text-sm">
              {vacio.detalle}
            </p>
          </div>
        ) : (
          children(items)
        )}
      </div>
    </section>
  );
}

function FilasSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Cargando…</span>
      {[0, 1].map((indice) => (
        <div
          key={indice}
          aria-hidden
          className="grid gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:p-5"
        >
          <div className="flex items-center justify-between gap-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-6 w-24" />
          </div>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ))}
    </div>
  );
}
