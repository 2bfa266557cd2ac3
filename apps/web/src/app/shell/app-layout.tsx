import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { FloatingCartButton } from '@/features/carrito/components/floating-cart-button';
import { LoginDialogProvider } from '@/features/usuario/components/login-dialog-provider';
import { useAccessToken } from '@/features/usuario/hooks/use-access-token';
import { setApiNavigate } from '@/lib/api-client';
import { AppSidebar } from './app-sidebar';
import { PageSkeleton } from './page-skeleton';
import { TopBar } from './top-bar';

/**
 * The shell around every screen: top bar, side panel (logged in only), the screen, the
 * floating cart button and the login dialog. It lends the router's navigation to the api
 * client, so a lost session goes to / without reloading the page.
 */
export function AppLayout() {
  const loggedIn = useAccessToken() !== null;
  const navigate = useNavigate();

  useEffect(() => {
    setApiNavigate((to, options) => {
      void navigate(to, options);
    });
    return () => setApiNavigate(null);
  }, [navigate]);

  return (
    <SidebarProvider>
      <LoginDialogProvider>
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
        <FloatingCartButton loggedIn={loggedIn} />
        <ScrollRestoration />
      </LoginDialogProvider>
    </SidebarProvider>
  );
}
