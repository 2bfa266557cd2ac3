import { ArrowLeftIcon, LogInIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useMatch } from 'react-router';
import { Button } from '@/components/ui/button';
import { SidebarTrigger } from '@/components/ui/sidebar-provider';
import { CarritoTopBarLink } from '@/features/carrito/components/carrito-top-bar-link';
import { BrandLink } from './brand';

// Only logged-in users need the bell and the menu (and their code).
const AvisosCampana = lazy(async () => ({
  default: (await import('@/features/avisos/components/avisos-campana')).AvisosCampana,
}));
const UsuarioMenu = lazy(async () => ({
  default: (await import('@/features/usuario/components/usuario-menu')).UsuarioMenu,
}));

/** Holds the menu's place while its code loads. */
function UserMenuPlaceholder() {
  return (
    <span
      aria-hidden
      className="flex h-10 w-10 items-center rounded-full border border-border/80 bg-card pl-1 shadow-xs sm:w-32"
    >
      <span className="size-8 rounded-full bg-muted" />
    </span>
  );
}

/** Holds the bell's place while its code loads. */
function CampanaPlaceholder() {
  return <span aria-hidden className="size-10 shrink-0" />;
}

/**
 * Sticky top bar (spec part 1, section 2, "App shell"): product title; 'Volver al Inicio' on
 * the login and register pages, otherwise 'Iniciar Sesión' while logged out, and the cart with
 * its count, the notifications' bell (docs/decisions/041) and the user menu while logged in.
 */
export function TopBar({ loggedIn }: { loggedIn: boolean }) {
  const onLogin = useMatch('/login');
  const onRegister = useMatch('/register');
  const onAuthPage = Boolean(onLogin || onRegister);

  return (
    <header
      data-slot="top-bar"
      className="sticky top-0 z-30 h-(--header-height) border-border/70 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
    >
      <div className="flex h-full items-center gap-1.5 px-3 sm:gap-2 sm:px-4">
        {loggedIn && <SidebarTrigger className="-ml-1.5 sm:-ml-2.5" />}
        <BrandLink />
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-2">
          {onAuthPage ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/">
                <ArrowLeftIcon aria-hidden />
                Volver al Inicio
              </Link>
            </Button>
          ) : loggedIn ? (
            <>
              <CarritoTopBarLink />
              <Suspense fallback={<CampanaPlaceholder />}>
                <AvisosCampana />
              </Suspense>
              <Suspense fallback={<UserMenuPlaceholder />}>
                <UsuarioMenu />
              </Suspense>
            </>
          ) : (
            <Button asChild size="sm">
              <Link to="/login">
                <LogInIcon aria-hidden />
                Iniciar Sesión
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
