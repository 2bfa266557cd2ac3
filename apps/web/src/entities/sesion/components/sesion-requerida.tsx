import { LogInIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { setStoredItem } from '@/lib/storage-keys';

/**
 * A seller screen without a session (spec part 2, section 6: seller screens need an access
 * token; without one they say 'No se encontró token de acceso'): a prompt to log in that
 * brings the user back to `volverA` afterwards. Mi Tienda, the product form and the checkout
 * show it.
 */
export function SesionRequerida({
  icon: Icon,
  titulo,
  descripcion,
  volverA,
}: {
  icon: LucideIcon;
  titulo: string;
  descripcion: string;
  volverA: string;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-14 text-center shadow-sm">
        <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
          <Icon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 font-bold text-2xl tracking-tight">{titulo}</h1>
        <p className="mt-2 font-medium text-destructive text-sm">No se encontró token de acceso</p>
        <p className="mt-2 max-w-sm text-pretty text-muted-foreground">{descripcion}</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/login" onClick={() => setStoredItem('redirectAfterAuth', volverA)}>
            <LogInIcon aria-hidden />
            Iniciar Sesión
          </Link>
        </Button>
      </div>
    </div>
  );
}
