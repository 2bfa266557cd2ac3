import { Skeleton } from '@/components/ui/skeleton';

/** The group page while it loads: the product card and the side card. */
export function GrupoDetalleSkeleton() {
  return (
    <div
      role="status"
      aria-label="Cargando el grupo"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="grid gap-5 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:grid-cols-[14rem_minmax(0,1fr)] sm:p-5">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-3">
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <div className="mt-auto flex flex-col gap-2 pt-4 sm:flex-row">
            <Skeleton className="h-11 w-full sm:w-40" />
            <Skeleton className="h-11 w-full sm:w-40" />
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-4 rounded-2xl border border-border/70 bg-card p-5 shadow-sm">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-10 w-24" />
        <Skeleton className="h-2 w-full" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </div>
    </div>
  );
}
