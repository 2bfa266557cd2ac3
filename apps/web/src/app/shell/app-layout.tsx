import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { useAccessToken } from '@/features/usuario/hooks/use-access-token';
import { AppSidebar } from './app-sidebar';
import { PageSkeleton } from './page-skeleton';
import { TopBar } from './top-bar';

/** The shell around every screen: top bar, side panel (logged in only) and the screen. */
export function AppLayout() {
  const loggedIn = useAccessToken() !== null;

  return (
    <SidebarProvider>
      <a
        href="#contenido"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <TopBar loggedIn={loggedIn} />
      <div className="flex flex-1">
        {loggedIn && <AppSidebar />}
        <SidebarInset>
          <main id="contenido" tabIndex={-1} className="flex flex-1 flex-col outline-none">
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </main>
        </SidebarInset>
      </div>
      <ScrollRestoration />
    </SidebarProvider>
  );
}
