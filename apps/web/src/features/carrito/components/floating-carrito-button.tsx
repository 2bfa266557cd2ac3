import { ShoppingCartIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';
import { cn } from '@/lib/utils';
import { useCantidadEnCarrito } from '../stores/carrito-store';

const HIDDEN_ON = ['/cart', '/checkout'];

/**
 * Floating cart button (spec part 1, section 2): goes to /cart; shown only to a logged-in
 * user with a non-empty cart, and never on /cart or /checkout.
 */
export function FloatingCarritoButton({ loggedIn }: { loggedIn: boolean }) {
  const { pathname } = useLocation();
  const cantidad = useCantidadEnCarrito();
  if (!loggedIn || cantidad === 0 || HIDDEN_ON.includes(pathname)) return null;
  // On a phone the product page's buy bar holds the bottom; the top bar's cart is in reach.
  const enPaginaDeProducto = pathname.startsWith('/product/');

  return (
    <Link
      to="/cart"
      data-slot="floating-cart-button"
      className={cn(
        enPaginaDeProducto && 'max-md:hidden',
        'fixed right-4 bottom-4 z-40 flex h-14 items-center gap-2.5 rounded-full bg-primary pr-3 pl-4 font-semibold text-primary-foreground shadow-primary/30 shadow-xl sm:right-6 sm:bottom-6 sm:pl-5',
        'animate-rise-in transition-[background-color,transform,box-shadow] duration-150 hover:-translate-y-0.5 hover:bg-primary-strong motion-reduce:transition-none motion-reduce:hover:translate-y-0',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45 focus-visible:ring-offset-2 focus-visible:ring-offset-background',
      )}
    >
      <ShoppingCartIcon className="size-5" aria-hidden />
      {/* Its name is what it shows ('Ver carrito', the count), so voice control finds it by
          that; a phone hides the words from sight only. */}
      <span className="max-sm:sr-only">Ver carrito</span>{' '}
      <span
        aria-hidden
        className="grid h-7 min-w-7 place-items-center rounded-full bg-primary-foreground px-2 font-bold text-primary text-sm tabular-nums"
      >
        {cantidad > 99 ? '99+' : cantidad}
      </span>
      <span className="sr-only">{textoCantidadProductos(cantidad)}</span>
    </Link>
  );
}
