import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';

/** Shown when a screen fails to render or its code cannot be loaded. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;

  return (
    <div role="alert" className="flex min-h-[60svh] flex-col">
      <ErrorView
        title="Algo salió mal"
        onRetry={() => window.location.reload()}
        retryLabel="Recargar"
        detail={detail}
        actions={
          // A full load: the router that failed may not be able to navigate.
          <Button asChild variant="outline">
            <a href="/">Volver al inicio</a>
          </Button>
        }
      >
        No pudimos mostrar esta página. Prueba recargarla; si el problema sigue, vuelve al inicio.
      </ErrorView>
    </div>
  );
}
