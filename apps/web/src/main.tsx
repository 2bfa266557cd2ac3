import '@/styles/globals.css';
import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes, precargarRuta } from '@/app/router';
import { RouteError } from '@/app/routes/route-error';
import { leerEstadoSsr } from '@/app/ssr/estado-ssr';
import { createQueryClient } from '@/lib/query-client';
import { guardarPagina, registrarServiceWorker } from '@/lib/service-worker/service-worker';
import { type InstanteDelRender, InstanteDelRenderProvider } from '@/lib/ssr/instante-del-render';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const queryClient = createQueryClient();
const render: InstanteDelRender = { instante: null };

/**
 * Once hydrated, time-dependent texts read the browser's clock again; once the browser moves
 * to another screen, screens rise in again as they appear (styles/globals.css).
 */
function AlHidratar({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [primera] = useState(pathname);
  useEffect(() => {
    render.instante = null;
    // The page answers from now on (the end-to-end journeys wait for this mark).
    document.documentElement.setAttribute('data-hidratada', '');
    if (estado) {
      if ('requestIdleCallback' in window)
        requestIdleCallback(trasLaPrimeraPantalla, { timeout: 2_000 });
      else setTimeout(trasLaPrimeraPantalla, 200);
    }
  }, []);
  useEffect(() => {
    if (pathname === primera) return;
    document.documentElement.removeAttribute('data-dibujada');
    // A screen reached inside the app: the service worker keeps it too (docs/decisions/056).
    guardarPagina(window.location.href);
  }, [pathname, primera]);
  return children;
}

const app = (
  <StrictMode>
    <InstanteDelRenderProvider value={render}>
      {/* The shell's own failures; a screen's are caught inside the shell (AppLayout). */}
      <ErrorBoundary FallbackComponent={RouteError}>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AlHidratar>
              <AppRoutes />
            </AlHidratar>
          </BrowserRouter>
        </AppProviders>
      </ErrorBoundary>
    </InstanteDelRenderProvider>
  </StrictMode>
);

const estado = container.firstElementChild ? leerEstadoSsr() : null;
if (estado) {
  // A page the server drew (docs/decisions/044): its data and instant as the server had them,
  // the screen's code loaded, then React takes over the server's markup instead of redrawing it.
  hydrate(queryClient, estado.cache);
  render.instante = new Date(estado.instante);
  void precargarRuta(window.location.pathname).finally(() => {
    // As a transition, hydration yields to the browser every few milliseconds: a tap on the
    // page is answered while it runs.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('La página no se pudo hidratar', error),
      });
    });
  });
} else {
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole shell is built (decision 016).
  startTransition(() => root.render(app));
}

// The realtime connection opens from its own chunk once the first screen is up: at load (the
// window's load event), or once a drawn page is hydrated and the browser is idle. Its code does
// not compete with the first screen's (decisions 016 and 044). The service worker is registered
// then too: its install downloads the shell (docs/decisions/056).
function trasLaPrimeraPantalla(): void {
  void import('@/lib/socket').then(({ startRealtime }) => startRealtime());
  registrarServiceWorker();
}
if (!estado) {
  if (document.readyState === 'complete') trasLaPrimeraPantalla();
  else window.addEventListener('load', trasLaPrimeraPantalla, { once: true });
}
