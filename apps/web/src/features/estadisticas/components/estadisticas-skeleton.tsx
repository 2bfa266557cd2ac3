import { Skeleton } from '@/components/ui/skeleton';

/**
 * The dashboard's shape while its figures load; with `barra`, the period bar too (the screen's
 * code itself is still loading).
 */
export function EstadisticasSkeleton({ barra = false }: { barra?: boolean }) {
  return (
    <div className="grid gap-4 lg:gap-5" aria-busy="true">
      <span className="sr-only">Cargando estadísticas…</span>
      {barra && (
        <div className="flex flex-col gap-3 lg:flex-row lg:justify-between">
          <Skeleton className="h-20 w-full rounded-xl sm:h-11 sm:w-[27rem]" />
          <Skeleton className="h-10 w-36 self-end" />
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {Array.from({ length: 8 }, (_, indice) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={indice} className="h-24 rounded-2xl sm:h-32" />
        ))}
      </div>
      <Skeleton className="h-36 rounded-2xl sm:h-24" />
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-5">
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
