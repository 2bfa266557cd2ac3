import { ArrowLeftIcon, LogInIcon } from 'lucide-react';
import { Link, useMatch } from 'react-router';
import { Button } from '@/components/ui/button';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { BrandLink } from './brand';

/**
 * Sticky top bar (spec part 1, section 2, "App shell"): product title; 'Volver al Inicio' on
 * the login and register pages, otherwise 'Iniciar Sesión' while logged out. The user menu of
 * a logged-in user arrives with the session issue.
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
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {onAuthPage ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/">
                <ArrowLeftIcon aria-hidden />
                Volver al Inicio
              </Link>
            </Button>
          ) : loggedIn ? null : (
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
