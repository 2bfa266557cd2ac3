import { CheckIcon } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { CHECKOUT_TEXTOS, PASOS_CHECKOUT, TOTAL_PASOS } from '../lib/textos';

/**
 * The checkout's header: title, 'Paso N de 6', the progress bar and the step chips, the same
 * look as the store and product wizards' header (components/wizard-encabezado.tsx), on a page.
 */
export function CheckoutEncabezado({ paso }: { paso: number }) {
  const textoPaso = `Paso ${paso} de ${TOTAL_PASOS}`;
  const porcentaje = Math.round((paso / TOTAL_PASOS) * 100);
  return (
    <header className="mb-5">
      <div className="flex items-center justify-between gap-3">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{CHECKOUT_TEXTOS.titulo}</h1>
        <p
          aria-live="polite"
          className="shrink-0 rounded-full bg-secondary px-2.5 py-1 font-semibold text-secondary-foreground text-xs tabular-nums"
        >
          {textoPaso}
        </p>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <Progress
          value={paso}
          max={TOTAL_PASOS}
          aria-label="Progreso de la compra"
          aria-valuetext={`${textoPaso}, ${porcentaje}% completado`}
          className="flex-1"
        />
        <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
          {porcentaje}% completado
        </span>
      </div>
      <ol
        aria-label="Pasos"
        className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {PASOS_CHECKOUT.map((chip, index) => {
          const numero = index + 1;
          const hecho = numero < paso;
          const actual = numero === paso;
          return (
            <li
              key={chip}
              aria-current={actual ? 'step' : undefined}
              className={cn(
                'flex shrink-0 items-center gap-1.5 rounded-full border py-1 pr-3 pl-1 font-medium text-xs',
                actual && 'border-primary bg-primary text-primary-foreground shadow-sm',
                hecho && 'border-primary/25 bg-secondary text-secondary-foreground',
                !actual && !hecho && 'border-border bg-card text-muted-foreground',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'grid size-5 place-items-center rounded-full text-[0.6875rem] tabular-nums',
                  actual && 'bg-primary-foreground/20',
                  hecho && 'bg-primary text-primary-foreground',
                  !actual && !hecho && 'bg-muted',
                )}
              >
                {hecho ? <CheckIcon className="size-3" strokeWidth={3} /> : numero}
              </span>
              {chip}
              {hecho && <span className="sr-only"> (completado)</span>}
            </li>
          );
        })}
      </ol>
    </header>
  );
}
