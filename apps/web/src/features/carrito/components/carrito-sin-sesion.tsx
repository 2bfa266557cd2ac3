import { LogInIcon, ShoppingCartIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { setStoredItem } from '@/lib/storage-keys';

/** The cart is for logged-in users (spec part 1, section 6): a prompt to log in. */
export function CarritoSinSesion() {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-14 text-center shadow-sm">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <ShoppingCartIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-semibold text-xl tracking-tight">
        Inicia sesión para ver tu carrito
      </h2>
      <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
        Necesitas una cuenta para guardar productos y sumarte a compras grupales.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to="/login" onClick={() => setStoredItem('redirectAfterAuth', '/cart')}>
          <LogInIcon aria-hidden />
          Iniciar Sesión
        </Link>
      </Button>
    </div>
  );
}
