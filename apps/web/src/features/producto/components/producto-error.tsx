import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The product could not be loaded (network or server): a way to try again. */
export function ProductoError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight">Error al cargar el producto</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        No se pudieron cargar los detalles del producto. Revisa tu conexión e inténtalo de nuevo.
      </p>
      <Button className="mt-8" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        Reintentar
      </Button>
    </div>
  );
}
