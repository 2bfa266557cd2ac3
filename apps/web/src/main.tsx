import '@fontsource-variable/inter';
import '@/styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { RouteError } from '@/app/routes/route-error';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

createRoot(container).render(
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

// The realtime connection opens at load, from its own chunk so the first screen stays light.
void import('@/lib/socket').then(({ startRealtime }) => startRealtime());
