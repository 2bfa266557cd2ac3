import { RotateCwIcon, RouteIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { TEXTOS_RUTA } from '../lib/textos';

/** The route's place while it loads: the summary, the map and two stops. */
export function RutaDelDiaSkeleton() {
  return (
    <div role="status" aria-label="Cargando la ruta del día" className="grid gap-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-xl" />
        <div className="flex-1">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-1.5 h-4 w-56 max-w-full" />
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-16 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-2xl sm:h-80" />
      {[0, 1].map((n) => (
        <div key={n} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <Skeleton className="h-40 flex-1 rounded-2xl" />
        </div>
      ))}
    </div>
  );
}

/** 'No hay entregas para hoy': nothing ready to deliver and nothing delivered today. */
export function RutaDelDiaVacia({
  compacta = false,
  children,
}: {
  /** Above another list (the seller's): a single line instead of a whole panel. */
  compacta?: boolean;
  children: string;
}) {
  return (
    <div
      className={cn(
        'flex animate-rise-in rounded-2xl border border-border border-dashed bg-card/60',
        compacta
          ? 'items-center gap-3 px-4 py-4 text-left'
          : 'flex-col items-center px-6 py-14 text-center',
      )}
    >
      <span
        className={cn(
          'grid shrink-0 place-items-center rounded-2xl bg-secondary text-secondary-foreground',
          compacta ? 'size-10 rounded-xl' : 'size-14',
        )}
      >
        <RouteIcon className={compacta ? 'size-5' : 'size-7'} aria-hidden />
      </span>
      <div>
        <h2 className={cn('font-semibold tracking-tight', compacta ? 'text-base' : 'mt-5 text-xl')}>
          {TEXTOS_RUTA.sinEntregas}
        </h2>
        <p
          className={cn(
            'text-pretty text-muted-foreground',
            compacta ? 'text-sm' : 'mx-auto mt-2 max-w-sm',
          )}
        >
          {children}
        </p>
      </div>
    </div>
  );
}

/** 'No se pudo cargar la ruta', with 'Reintentar'. */
export function RutaDelDiaError({
  onReintentar,
  reintentando,
}: {
  onReintentar: () => void;
  reintentando: boolean;
}) {
  return (
    <div className="flex animate-rise-in flex-col items-center gap-3 rounded-2xl border border-destructive/25 bg-destructive-soft/60 px-5 py-8 text-center sm:flex-row sm:text-left">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-card text-destructive shadow-xs">
        <TriangleAlertIcon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-base">{TEXTOS_RUTA.errorCarga}</h2>
        <p className="mt-0.5 text-muted-foreground text-sm">
          Revisa tu conexión e inténtalo de nuevo.
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        className="h-11 w-full sm:h-10 sm:w-auto"
        disabled={reintentando}
        onClick={onReintentar}
      >
        <RotateCwIcon className={cn(reintentando && 'animate-spin')} aria-hidden />
        Reintentar
      </Button>
    </div>
  );
}
