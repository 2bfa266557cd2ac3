import { MinusIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

export interface CantidadStepperProps {
  value: number;
  onChange: (cantidad: number) => void;
  /** Lowest quantity (1 unless told). */
  min?: number;
  /** Highest quantity; none unless told. */
  max?: number;
  /** Accessible name of the number field. */
  label?: string;
  size?: 'default' | 'sm';
  className?: string;
}

/**
 * A quantity control: 'Disminuir cantidad', a number field and 'Aumentar cantidad'. It never
 * goes below `min` (spec: cart and product quantities cannot go below 1).
 */
export function CantidadStepper({
  value,
  onChange,
  min = 1,
  max,
  label = 'Cantidad',
  size = 'default',
  className,
}: CantidadStepperProps) {
  // What the field shows while typing (it may be empty for a moment).
  const [borrador, setBorrador] = useState(String(value));
  useEffect(() => setBorrador(String(value)), [value]);

  const limitar = (cantidad: number) =>
    Math.max(min, max === undefined ? cantidad : Math.min(max, cantidad));

  const cambiar = (cantidad: number) => {
    const siguiente = limitar(cantidad);
    setBorrador(String(siguiente));
    if (siguiente !== value) onChange(siguiente);
  };

  const boton = size === 'sm' ? 'size-8 [&_svg]:size-3.5' : 'size-10 [&_svg]:size-4';

  return (
    <div
      data-slot="cantidad-stepper"
      className={cn(
        'inline-flex items-center rounded-xl border border-input bg-card p-0.5 shadow-xs',
        className,
      )}
    >
      <button
        type="button"
        aria-label="Disminuir cantidad"
        disabled={value <= min}
        onClick={() => cambiar(value - 1)}
        className={cn(
          'grid shrink-0 place-items-center rounded-lg text-foreground transition-colors hover:bg-accent disabled:pointer-events-none disabled:opacity-40',
          'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
          boton,
        )}
      >
        <MinusIcon aria-hidden />
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        step={1}
        value={borrador}
        onChange={(event) => {
          setBorrador(event.target.value);
          const cantidad = Number.parseInt(event.target.value, 10);
          if (
            Number.isFinite(cantidad) &&
            cantidad >= min &&
            (max === undefined || cantidad <= max)
          ) {
            if (cantidad !== value) onChange(cantidad);
          }
        }}
        onBlur={() => {
          const cantidad = Number.parseInt(borrador, 10);
          if (Number.isFinite(cantidad)) cambiar(cantidad);
          else setBorrador(String(value));
        }}
        className={cn(
          'w-12 min-w-0 bg-transparent text-center font-semibold tabular-nums outline-none',
          '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          'rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/30',
          size === 'sm' ? 'h-8 text-sm' : 'h-10 text-base',
        )}
      />
      <button
        type="button"
        aria-label="Aumentar cantidad"
        disabled={max !== undefined && value >= max}
        onClick={() => cambiar(value + 1)}
        className={cn(
          'grid shrink-0 place-items-center rounded-lg text-foreground transition-colors hover:bg-accent disabled:pointer-events-none disabled:opacity-40',
          'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
          boton,
        )}
      >
        <PlusIcon aria-hidden />
      </button>
    </div>
  );
}
