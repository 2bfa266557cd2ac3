import '@fontsource-variable/inter';
import '@/styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The realtime connection opens at load, from its own chunk so the first screen stays light.
void import('@/lib/socket').then(({ startRealtime }) => startRealtime());
