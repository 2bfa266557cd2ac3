import { Skeleton } from '@/components/ui/skeleton';

/** Payment cards while the order's status loads. */
export function PagosSkeleton({ etiqueta, tarjetas = 2 }: { etiqueta: string; tarjetas?: number }) {
  return (
    <div role="status" aria-label={etiqueta} className="grid gap-4">
      <Skeleton className="h-24 rounded-2xl" />
      <div className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: tarjetas }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={index} className="grid gap-3 rounded-2xl border border-border/70 p-4">
            <div className="flex items-center gap-3">
              <Skeleton className="size-11 rounded-xl" />
              <Skeleton className="h-5 flex-1" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-10" />
          </div>
        ))}
      </div>
    </div>
  );
}
