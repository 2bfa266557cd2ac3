import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation, useNavigate } from 'react-router';
import {
  SIDEBAR_ID,
  SidebarInset,
  SidebarProvider,
  useSidebar,
} from '@/components/ui/sidebar-provider';
import { FloatingCarritoButton } from '@/features/carrito/components/floating-carrito-button';
import { LoginDialogProvider } from '@/features/usuario/components/login-dialog-provider';
import { setApiNavigate } from '@/lib/api-client';
import { forgetEndedSessionUnless } from '@/lib/session/session-token';
import { useAccessToken } from '@/lib/session/use-access-token';
import { RouteError } from '../routes/route-error';
import { NuevaVersionHost } from './nueva-version-host';
import { PageSkeleton } from './page-skeleton';
import { SinConexionAviso } from './sin-conexion-aviso';
import { TopBar } from './top-bar';
import { useScrollRestoration } from './use-scroll-restoration';

// Only logged-in users have the side panel: its code (sheet, tooltips) stays off the first page.
const AppSidebar = lazy(async () => ({ default: (await import('./app-sidebar')).AppSidebar }));
// 'Confirmá tu correo' (signed-in, unverified): loaded with the session, not the first page.
const VerificarEmailBanner = lazy(async () => ({
  default: (await import('@/features/usuario/components/verificar-email-banner'))
    .VerificarEmailBanner,
}));

/**
 * Keeps the panel's width on wide screens while its code loads, so the page does not jump. It
 * holds the panel's id meanwhile: the top bar's toggle names the panel it controls.
 */
function SidebarPlaceholder() {
  const { isMobile, state } = useSidebar();
  if (isMobile) return null;
  return (
    <div
      id={SIDEBAR_ID}
      aria-hidden
      className={
        state === 'collapsed'
          ? 'hidden w-(--sidebar-width-icon) md:block'
          : 'hidden w-(--sidebar-width) md:block'
      }
    />
  );
}

/**
 * The shell around every screen: top bar, side panel (logged in only), the screen, the
 * floating cart button and the login dialog. It lends the router's navigation to the api
 * client, so a lost session goes to / without reloading the page.
 */
export function AppLayout() {
  const loggedIn = useAccessToken() !== null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useScrollRestoration();
  useEffect(() => forgetEndedSessionUnless(pathname), [pathname]);

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
          {loggedIn && (
            <Suspense fallback={<SidebarPlaceholder />}>
              <AppSidebar />
            </Suspense>
          )}
          <SidebarInset>
            {/* The shell's statuses, held below the top bar while the page scrolls. */}
            <div className="sticky top-(--header-height) z-20">
              <SinConexionAviso />
              <NuevaVersionHost />
            </div>
            {loggedIn && (
              <Suspense fallback={null}>
                <VerificarEmailBanner />
              </Suspense>
            )}
            <main id="contenido" tabIndex={-1} className="flex flex-1 flex-col outline-none">
              {/* A screen that fails shows the error inside the shell; moving elsewhere clears it. */}
              <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
                <Suspense fallback={<PageSkeleton />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
              <FloatingCarritoButton loggedIn={loggedIn} />
            </main>
          </SidebarInset>
        </div>
      </LoginDialogProvider>
    </SidebarProvider>
  );
}
