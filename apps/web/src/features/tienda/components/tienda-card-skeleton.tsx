import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a store card while the listing loads. */
export function TiendaCardSkeleton() {
  return (
    <div aria-hidden className="rounded-xl border border-border/70 bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3.5">
        <Skeleton className="size-14 rounded-xl" />
        <div className="flex-1">
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="mt-2.5 h-5 w-24 rounded-full" />
        </div>
      </div>
      <Skeleton className="mt-4 h-3.5 w-full" />
      <Skeleton className="mt-2 h-3.5 w-4/5" />
      <div className="mt-4 grid grid-cols-2 gap-3">
        {[0, 1].map((item) => (
          <div key={item}>
            <Skeleton className="aspect-square w-full" />
            <Skeleton className="mt-2 h-3.5 w-4/5" />
            <Skeleton className="mt-1.5 h-3.5 w-1/2" />
          </div>
        ))}
      </div>
      <div className="mt-4 flex gap-1.5">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
    </div>
  );
}
