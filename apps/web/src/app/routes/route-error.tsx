import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown when a screen fails to render or its code cannot be loaded. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60svh] w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-16 text-center"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight">Algo salió mal</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        No pudimos mostrar esta página. Prueba recargarla; si el problema sigue, vuelve al inicio.
      </p>
      {detail && <p className="mt-2 text-muted-foreground text-sm">{detail}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCwIcon aria-hidden />
          Recargar
        </Button>
        <Button asChild variant="outline">
          <a href="/">Volver al inicio</a>
        </Button>
      </div>
    </div>
  );
}
