import type { FallbackProps } from 'react-error-boundary';
import { ErrorView } from '@/components/error-view';
import { Button } from '@/components/ui/button';

/**
 * Shown when a screen fails to render or its code cannot be loaded (the error boundaries of
 * `main.tsx` and the shell).
 */
export function RouteError({ error }: FallbackProps) {
  if (import.meta.env.DEV) console.error(error);

  return (
    <div role="alert" className="flex min-h-[60svh] flex-col">
      <ErrorView
        title="Algo salió mal"
        onRetry={() => window.location.reload()}
        retryLabel="Recargar"
        actions={
          // A full load: the screen that failed may hold state that fails again.
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
