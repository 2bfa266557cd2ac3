import { Skeleton } from '@/components/ui/skeleton';

/** Cards of the review list while it loads. */
export function RevisionSkeleton({
  cantidad = 3,
  etiqueta = 'Cargando tiendas…',
}: {
  cantidad?: number;
  etiqueta?: string;
}) {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{etiqueta}</span>
      {Array.from({ length: cantidad }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else.
          key={index}
          aria-hidden
          className="rounded-2xl border border-border/70 bg-card p-5 shadow-xs"
        >
          <div className="flex items-center gap-4">
            <Skeleton className="size-14 rounded-xl" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          <div className="mt-5 grid gap-3 sm:grid-cols-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      ))}
    </div>
  );
}
