import { MinusIcon, PlusIcon, ShoppingCartIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { formatPrecio } from '@/lib/format-currency';
import { lugares } from '../lib/estado-grupo';

export interface CantidadGrupoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nombre: string;
  /** Unit price in pesos. */
  precio: number;
  /** Places still free in the group. */
  restantes: number;
  /** Units the cart still takes (the stock minus what it holds). */
  stock: number;
  onAgregar: (cantidad: number) => void;
}

/**
 * How many places to take (spec part 1, sections 2 and 4): it starts at min(remaining, 1), runs
 * up to the remaining places and the stock, shows the total to pay and has 'Agregar al
 * Carrito'. A modal from 768 px, a bottom drawer below.
 */
export function CantidadGrupoDialog({
  open,
  onOpenChange,
  nombre,
  precio,
  restantes,
  stock,
  onAgregar,
}: CantidadGrupoDialogProps) {
  const maximo = Math.max(0, Math.min(restantes, stock));
  const [elegida, setElegida] = useState(Math.min(restantes, 1));
  const cantidad = Math.max(Math.min(elegida, maximo), Math.min(maximo, 1));
  const campo = useId();
  const sinStock = stock <= 0;

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="¿Cuántos lugares quieres?"
      description={`Ya participas en este grupo de ${nombre}. Puedes sumar hasta ${lugares(maximo)} más.`}
      className="sm:max-w-md"
    >
      <div className="grid gap-5">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={campo} className="font-medium text-sm">
            Lugares
          </label>
          <div className="inline-flex items-center rounded-xl border border-input bg-card p-0.5 shadow-xs">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Quitar un lugar"
              disabled={cantidad <= 1}
              onClick={() => setElegida(cantidad - 1)}
            >
              <MinusIcon aria-hidden />
            </Button>
            <input
              id={campo}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, maximo)}
              step={1}
              value={cantidad}
              onChange={(event) => {
                const valor = Number.parseInt(event.target.value, 10);
                if (Number.isFinite(valor)) setElegida(Math.max(1, Math.min(maximo, valor)));
              }}
              className="h-10 w-12 min-w-0 rounded-md bg-transparent text-center font-semibold tabular-nums outline-none [appearance:textfield] focus-visible:ring-[3px] focus-visible:ring-ring/30 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Sumar un lugar"
              disabled={cantidad >= maximo}
              onClick={() => setElegida(cantidad + 1)}
            >
              <PlusIcon aria-hidden />
            </Button>
          </div>
        </div>
        <div className="flex items-baseline justify-between gap-4 rounded-xl bg-secondary/70 px-4 py-3 text-secondary-foreground">
          <span className="font-medium text-sm">Total a pagar</span>
          <span
            data-slot="total-grupo"
            aria-live="polite"
            className="font-bold text-xl tracking-tight tabular-nums"
          >
            {formatPrecio(precio * cantidad)}
          </span>
        </div>
        {sinStock && (
          <p className="text-destructive text-sm">
            Ya tienes en tu carrito todo el stock disponible de este producto.
          </p>
        )}
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={maximo <= 0}
          onClick={() => onAgregar(cantidad)}
        >
          <ShoppingCartIcon aria-hidden />
          Agregar al Carrito
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
