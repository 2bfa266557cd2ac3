import { ShoppingCartIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { CantidadStepper } from './cantidad-stepper';

export interface AgregarAlCarritoProps {
  /** Unit price in pesos. */
  precio: number;
  /** Called with the chosen quantity; returns whether it was added (then the quantity resets). */
  onAgregar: (cantidad: number) => boolean;
  /** The product cannot be bought now (not available, or out of stock). */
  disabled?: boolean;
}

/** The product page's purchase panel: quantity (min 1, no max), total and 'Agregar al Carrito'. */
export function AgregarAlCarrito({ precio, onAgregar, disabled = false }: AgregarAlCarritoProps) {
  const [cantidad, setCantidad] = useState(1);

  return (
    <div data-slot="agregar-al-carrito">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <span className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
            Cantidad
          </span>
          <CantidadStepper value={cantidad} onChange={setCantidad} />
        </div>
        <div className="text-right">
          <span className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
            Total
          </span>
          <p
            data-slot="total"
            aria-live="polite"
            className="font-bold text-2xl tracking-tight tabular-nums"
          >
            {formatPrecio(precio * cantidad)}
          </p>
        </div>
      </div>
      <Button
        type="button"
        size="lg"
        className="mt-4 w-full"
        disabled={disabled}
        onClick={() => {
          if (onAgregar(cantidad)) setCantidad(1);
        }}
      >
        <ShoppingCartIcon aria-hidden />
        Agregar al Carrito
      </Button>
    </div>
  );
}
