import { CheckIcon, XIcon } from 'lucide-react';
import { type Ref, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/** The percent shown beside the bar: progress is step / total (spec part 2, section 9). */
export function porcentajeCompletado(paso: number, total: number): number {
  return Math.round((paso / total) * 100);
}

function prefiereMenosMovimiento(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** The step chips: done ones checked, the current one highlighted; they scroll on phones. */
export function PasosChips({
  paso,
  pasos,
  className,
}: {
  paso: number;
  pasos: readonly string[];
  className?: string;
}) {
  const lista = useRef<HTMLOListElement>(null);

  // Keeps the current chip in view as the steps go by.
  useEffect(() => {
    const contenedor = lista.current;
    const chip = contenedor?.querySelector<HTMLElement>(`[data-paso="${paso}"]`);
    if (!contenedor || !chip || typeof contenedor.scrollTo !== 'function') return;
    contenedor.scrollTo({
      left: chip.offsetLeft - (contenedor.clientWidth - chip.offsetWidth) / 2,
      behavior: prefiereMenosMovimiento() ? 'auto' : 'smooth',
    });
  }, [paso]);

  return (
    <ol
      ref={lista}
      aria-label="Pasos"
      // Scrolls sideways on phones: reachable with the keyboard as well (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus.
      tabIndex={0}
      className={cn(
        'relative -mx-4 mt-3 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:scroll-px-6 sm:px-6',
        '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        'rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
        className,
      )}
    >
      {pasos.map((chip, index) => {
        const numero = index + 1;
        const hecho = numero < paso;
        const actual = numero === paso;
        return (
          <li
            key={chip}
            data-paso={numero}
            aria-current={actual ? 'step' : undefined}
            className={cn(
              'flex shrink-0 snap-start items-center gap-1.5 rounded-full border py-1 pr-3 pl-1 font-medium text-xs transition-colors duration-200 motion-reduce:transition-none',
              actual &&
                'border-primary bg-primary text-primary-foreground shadow-primary/25 shadow-sm',
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
  );
}

/** 'Paso N de M' as the bar's text, the bar, and the percent completed beside it. */
export function ProgresoDePasos({
  paso,
  total,
  etiqueta,
}: {
  paso: number;
  total: number;
  /** The bar's accessible name. */
  etiqueta: string;
}) {
  const porcentaje = porcentajeCompletado(paso, total);
  return (
    <div className="mt-3 flex items-center gap-3">
      <Progress
        value={paso}
        max={total}
        aria-label={etiqueta}
        aria-valuetext={`Paso ${paso} de ${total}, ${porcentaje}% completado`}
        className="flex-1"
      />
      <span className="shrink-0 whitespace-nowrap text-right text-muted-foreground text-xs tabular-nums">
        {porcentaje}% completado
      </span>
    </div>
  );
}

export interface WizardEncabezadoProps {
  /** The header element (toasts sit below it while the wizard is open). */
  ref?: Ref<HTMLElement>;
  /** The wizard's name ('Configurar Tienda', 'Cargar Producto'): the dialog's title. */
  titulo: string;
  /** What completing the steps does, for screen readers. */
  descripcion: string;
  /** The progress bar's accessible name. */
  etiquetaProgreso: string;
  /** The steps' chips, in order. */
  pasos: readonly string[];
  paso: number;
  onCerrar: () => void;
  cerrarDeshabilitado: boolean;
}

/**
 * A step-by-step wizard's sticky header (the store and the product wizards): close control,
 * the title, 'Paso N de M', the progress bar with the percent completed and the step chips.
 */
export function WizardEncabezado({
  ref,
  titulo,
  descripcion,
  etiquetaProgreso,
  pasos,
  paso,
  onCerrar,
  cerrarDeshabilitado,
}: WizardEncabezadoProps) {
  const total = pasos.length;
  const textoPaso = `Paso ${paso} de ${total}`;
  return (
    <header
      ref={ref}
      className="shrink-0 border-border/70 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      <div className="mx-auto w-full max-w-5xl px-4 pt-3 pb-3 sm:px-6 sm:pt-4">
        <div className="flex items-center gap-2 sm:gap-3">
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="-ml-2 shrink-0"
            onClick={onCerrar}
            disabled={cerrarDeshabilitado}
          >
            <XIcon aria-hidden />
            <span className="sr-only">Cerrar</span>
          </Button>
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate text-base sm:text-lg">{titulo}</DialogTitle>
            <DialogDescription className="sr-only">{descripcion}</DialogDescription>
          </div>
          <p
            aria-live="polite"
            className="shrink-0 rounded-full bg-secondary px-2.5 py-1 font-semibold text-secondary-foreground text-xs tabular-nums"
          >
            {textoPaso}
          </p>
        </div>
        <ProgresoDePasos paso={paso} total={total} etiqueta={etiquetaProgreso} />
        {/* Wide screens show them all, centred under the bar. */}
        <PasosChips
          paso={paso}
          pasos={pasos}
          className="lg:mx-auto lg:w-fit lg:max-w-full lg:px-0"
        />
      </div>
    </header>
  );
}
