import '@fontsource-variable/inter';
import '@/styles/globals.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { RouteError } from '@/app/routes/route-error';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole shell is built (decision 016).
startTransition(() => {
  root.render(
    <StrictMode>
      {/* The shell's own failures; a screen's are caught inside the shell (AppLayout). */}
      <ErrorBoundary FallbackComponent={RouteError}>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>,
  );
});

// The realtime connection opens at load (the window's load event), from its own chunk: its
// code does not compete with the first screen's (decision 016).
function openRealtime(): void {
  void import('@/lib/socket').then(({ startRealtime }) => startRealtime());
}
if (document.readyState === 'complete') openRealtime();
else window.addEventListener('load', openRealtime, { once: true });
