import { Skeleton } from '@/components/ui/skeleton';

/** The tabs and order cards while the orders load. */
export function PedidosSkeleton() {
  return (
    <div role="status" aria-label="Cargando tus pedidos" className="grid gap-4">
      <Skeleton className="h-11 rounded-xl sm:w-md" />
      {[0, 1, 2].map((fila) => (
        <div key={fila} className="grid gap-3 rounded-2xl border border-border/70 p-4 sm:p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-xl" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-28" />
            </div>
            <Skeleton className="h-6 w-24" />
          </div>
          <Skeleton className="h-2 w-full max-w-48 rounded-full" />
        </div>
      ))}
    </div>
  );
}
