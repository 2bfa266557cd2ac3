import { Skeleton } from '@/components/ui/skeleton';

/** Shown while a screen's code loads. */
export function PageSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12"
    >
      <span className="sr-only">Cargando…</span>
      <div aria-hidden className="rounded-xl border border-border/70 bg-card p-6 shadow-sm">
        <Skeleton className="size-12 rounded-xl" />
        <Skeleton className="mt-5 h-5 w-24 rounded-full" />
        <Skeleton className="mt-4 h-8 w-2/3" />
        <Skeleton className="mt-3 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-4/5" />
      </div>
    </div>
  );
}
