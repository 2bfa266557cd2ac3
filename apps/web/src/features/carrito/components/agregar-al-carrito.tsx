import { ShoppingCartIcon } from 'lucide-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { CantidadStepper } from './cantidad-stepper';

export interface AgregarAlCarritoProps {
  /** Unit price in pesos. */
  precio: number;
  /** Units that can still be added: the stock minus what the cart already holds. */
  maximo: number;
  /** Called with the chosen quantity; returns whether it was added (then the quantity resets). */
  onAgregar: (cantidad: number) => boolean;
  /** The product cannot be bought now (not available, or out of stock). */
  disabled?: boolean;
}

const unidades = (n: number) => `${n} ${n === 1 ? 'unidad' : 'unidades'}`;

/**
 * The product page's purchase panel: quantity (at least 1, at most what the stock leaves),
 * total and 'Agregar al Carrito'. Below 768 px it is a bar fixed to the bottom of the screen,
 * so the button is always in reach; it is drawn straight in the body there, since an animated
 * ancestor (the page's entrance) would hold a fixed element inside itself.
 */
export function AgregarAlCarrito({
  precio,
  maximo,
  onAgregar,
  disabled = false,
}: AgregarAlCarritoProps) {
  const [elegida, setCantidad] = useState(1);
  const mobile = useIsMobile();
  const agotado = maximo <= 0;
  // The cart can change in another tab: the quantity shown never goes above what is left.
  const cantidad = agotado ? 1 : Math.min(elegida, maximo);

  const aviso = disabled
    ? null
    : agotado
      ? 'Ya tienes en tu carrito todo el stock disponible'
      : cantidad >= maximo
        ? `Máximo disponible: ${unidades(maximo)}`
        : null;

  const panel = (
    <div
      data-slot="agregar-al-carrito"
      className={cn(
        'max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:border-border/70 max-md:border-t max-md:bg-background/95 max-md:px-4 max-md:pt-3 max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))] max-md:shadow-[0_-10px_30px_-18px_rgb(0_0_0/0.35)] max-md:backdrop-blur-md',
      )}
    >
      <div className="flex items-end justify-between gap-4 max-md:items-center">
        <div className="flex flex-col gap-1.5 max-md:order-2">
          <span className="font-medium text-muted-foreground text-xs uppercase tracking-wide max-md:sr-only">
            Cantidad
          </span>
          <CantidadStepper
            value={cantidad}
            onChange={setCantidad}
            max={agotado ? 1 : maximo}
            size="default"
          />
        </div>
        <div className="text-right max-md:order-1 max-md:text-left">
          <span className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
            Total
          </span>
          <p
            data-slot="total"
            aria-live="polite"
            className="font-bold text-2xl tracking-tight tabular-nums max-md:text-xl"
          >
            {formatPrecio(precio * cantidad)}
          </p>
        </div>
      </div>
      <p
        data-slot="aviso-stock"
        aria-live="polite"
        className={cn(
          'text-muted-foreground text-sm',
          aviso === null ? 'sr-only' : 'mt-2 max-md:mt-1 max-md:text-xs',
        )}
      >
        {aviso}
      </p>
      <Button
        type="button"
        size="lg"
        className="mt-3 w-full max-md:mt-2"
        disabled={disabled || agotado}
        onClick={() => {
          if (onAgregar(cantidad)) setCantidad(1);
        }}
      >
        <ShoppingCartIcon aria-hidden />
        Agregar al Carrito
      </Button>
    </div>
  );
  // Out of <main> on a phone, the bar is a landmark of its own so that nothing is outside one.
  return mobile ? createPortal(<aside aria-label="Compra">{panel}</aside>, document.body) : panel;
}
