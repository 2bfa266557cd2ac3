import { ChevronDownIcon, CreditCardIcon, LogOutIcon, PackageIcon, UserIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { useUsuario } from '@/entities/usuario/api/get-usuario';
import { useSession } from '@/lib/session/use-session';
import { cn } from '@/lib/utils';
import { useLogout } from '../hooks/use-logout';

function initialsOf(nombre: string): string {
  const parts = nombre.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The top bar's menu of a logged-in user: who they are, their orders and payments, logout. */
export function UsuarioMenu() {
  const { usuarioId } = useSession();
  const usuario = useUsuario(usuarioId);
  const logout = useLogout();
  const nombre = usuario.data?.nombre;
  const email = usuario.data?.email;
  const initials = nombre ? initialsOf(nombre) : '';
  const visible = nombre ? (nombre.split(/\s+/)[0] ?? nombre) : 'Mi cuenta';

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        // Starts with what it shows (the first name), so voice control finds it by that name.
        aria-label={`${visible}: menú de usuario`}
        className={cn(
          'group/user flex h-10 items-center gap-2 rounded-full border border-border/80 bg-card py-1 pr-1 pl-1 shadow-xs sm:pr-2.5',
          'transition-colors hover:bg-accent data-[state=open]:bg-accent motion-reduce:transition-none',
          'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
        )}
      >
        {/* The initials are drawn by CSS: a picture, not words the button is named by. */}
        <span
          aria-hidden
          data-initials={initials}
          className="grid size-8 shrink-0 place-items-center rounded-full bg-linear-to-br from-primary to-primary-strong font-semibold text-primary-foreground text-xs before:content-[attr(data-initials)]"
        >
          {!initials && <UserIcon className="size-4" />}
        </span>
        <span className="hidden max-w-[10rem] truncate font-medium text-sm sm:block">
          {visible}
        </span>
        <ChevronDownIcon
          aria-hidden
          className="hidden size-4 text-muted-foreground transition-transform duration-150 sm:block group-data-[state=open]/user:rotate-180 motion-reduce:transition-none"
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-1.5rem)]">
        <DropdownMenuLabel className="flex items-center gap-3 py-2.5">
          <span
            aria-hidden
            className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 font-semibold text-primary text-sm"
          >
            {initials || <UserIcon className="size-5" />}
          </span>
          {usuario.isLoading ? (
            <span className="grid flex-1 gap-1.5">
              <span className="sr-only">Cargando…</span>
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-36" />
            </span>
          ) : (
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate font-semibold">{nombre ?? 'Mi cuenta'}</span>
              {email && (
                <span className="truncate font-normal text-muted-foreground text-xs">{email}</span>
              )}
            </span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/my-orders">
              <PackageIcon aria-hidden />
              Mis Pedidos
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/my-payments">
              <CreditCardIcon aria-hidden />
              Mis Pagos
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout()}>
          <LogOutIcon aria-hidden />
          Cerrar sesión
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
