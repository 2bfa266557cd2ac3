import { ShoppingCartIcon } from 'lucide-react';
import { Link } from 'react-router';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';
import { cn } from '@/lib/utils';
import { useCantidadEnCarrito } from '../stores/carrito-store';

/** The top bar's cart: an icon with how many products the cart holds, to /cart. */
export function CarritoTopBarLink() {
  const cantidad = useCantidadEnCarrito();
  return (
    <Link
      to="/cart"
      data-slot="carrito-top-bar"
      aria-label={cantidad > 0 ? `Carrito ${textoCantidadProductos(cantidad)}` : 'Carrito vacío'}
      className={cn(
        'relative grid size-10 shrink-0 place-items-center rounded-full text-foreground transition-colors hover:bg-accent',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
      )}
    >
      <ShoppingCartIcon className="size-5" aria-hidden />
      {cantidad > 0 && (
        <span className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 font-bold text-[0.7rem] text-primary-foreground tabular-nums ring-2 ring-background">
          {cantidad > 99 ? '99+' : cantidad}
        </span>
      )}
    </Link>
  );
}
