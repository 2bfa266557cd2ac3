import { Skeleton } from '@/components/ui/skeleton';

/** Holds the store page's layout while the store loads. */
export function TiendaPageSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-5 sm:px-6 sm:py-8"
    >
      <span className="sr-only">Cargando tienda…</span>
      <div
        aria-hidden
        className="overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm"
      >
        <Skeleton className="h-24 rounded-none sm:h-32" />
        <div className="px-5 pb-6 sm:px-8">
          <Skeleton className="-mt-10 size-20 rounded-2xl border-4 border-card sm:-mt-12 sm:size-24" />
          <Skeleton className="mt-4 h-8 w-2/3 max-w-sm" />
          <Skeleton className="mt-3 h-4 w-full max-w-2xl" />
          <Skeleton className="mt-2 h-4 w-3/4 max-w-xl" />
        </div>
      </div>
      {[0, 1].map((fila) => (
        <div key={fila} aria-hidden>
          <Skeleton className="mb-3 h-6 w-32" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((tarjeta) => (
              <div
                key={tarjeta}
                className={
                  tarjeta >= 2
                    ? 'hidden rounded-xl border border-border/70 bg-card p-2 sm:block'
                    : 'rounded-xl border border-border/70 bg-card p-2'
                }
              >
                <Skeleton className="aspect-square w-full" />
                <Skeleton className="mt-3 h-4 w-4/5" />
                <Skeleton className="mt-2 h-5 w-1/2" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
