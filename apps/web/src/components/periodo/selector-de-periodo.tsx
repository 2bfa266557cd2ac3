import { useId } from 'react';
import { ETIQUETA_DE_PERIODO, type OpcionDePeriodo } from '@/lib/periodo';
import { cn } from '@/lib/utils';

/** From `sm` up the segments sit in one row, one column each. */
const COLUMNAS: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
  4: 'sm:grid-cols-4',
};

/**
 * The period as a segmented control: native radios (arrow keys move and choose, Tab leaves
 * the group), each drawn as a segment. `opciones` are the periods the screen offers, in order.
 */
export function SelectorDePeriodo({
  opciones,
  opcion,
  onElegir,
  'aria-label': ariaLabel,
  className,
}: {
  opciones: readonly OpcionDePeriodo[];
  opcion: OpcionDePeriodo;
  onElegir: (opcion: OpcionDePeriodo) => void;
  'aria-label': string;
  className?: string;
}) {
  const nombre = useId();
  return (
    <div
      role="radiogroup"
      aria-label={ariaLabel}
      className={cn(
        'grid grid-cols-2 gap-1 rounded-xl border border-border/70 bg-muted/70 p-1 sm:inline-grid',
        COLUMNAS[opciones.length],
        className,
      )}
    >
      {opciones.map((valor) => (
        <label
          key={valor}
          className={cn(
            'flex h-9 cursor-pointer select-none items-center justify-center whitespace-nowrap rounded-lg px-3.5 font-medium text-muted-foreground text-sm',
            'transition-[color,background-color,box-shadow] duration-150 hover:text-foreground motion-reduce:transition-none',
            'has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm',
            'has-focus-visible:ring-[3px] has-focus-visible:ring-ring/45',
          )}
        >
          <input
            type="radio"
            name={nombre}
            value={valor}
            checked={opcion === valor}
            onChange={() => onElegir(valor)}
            className="sr-only"
          />
          {ETIQUETA_DE_PERIODO[valor]}
        </label>
      ))}
    </div>
  );
}
