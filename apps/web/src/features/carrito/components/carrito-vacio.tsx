import { ShoppingBagIcon, StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** An empty cart, with a way back to the stores. */
export function CarritoVacio() {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <ShoppingBagIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-semibold text-xl tracking-tight">Tu carrito está vacío</h2>
      <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
        Explora las tiendas de tu zona y súmate a una compra grupal para pagar menos.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to="/">
          <StoreIcon aria-hidden />
          Explorar tiendas
        </Link>
      </Button>
    </div>
  );
}
