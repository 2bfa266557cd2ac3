import { Skeleton } from '@/components/ui/skeleton';

/** Holds the product page's layout while the product loads. */
export function ProductoDetalleSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 md:grid-cols-2 md:gap-10 lg:gap-14">
      <span className="sr-only">Cargando producto…</span>
      <Skeleton aria-hidden className="aspect-square w-full rounded-2xl" />
      <div aria-hidden className="flex flex-col">
        <Skeleton className="h-6 w-36 rounded-full" />
        <Skeleton className="mt-4 h-9 w-4/5" />
        <Skeleton className="mt-4 h-9 w-40" />
        <Skeleton className="mt-5 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-3/4" />
        <Skeleton className="mt-6 h-20 w-full rounded-xl" />
        <Skeleton className="mt-6 h-44 w-full rounded-2xl" />
      </div>
    </div>
  );
}
