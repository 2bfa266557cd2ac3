import type { Ref } from 'react';
import { PasosChips, ProgresoDePasos } from '@/components/wizard/wizard-encabezado';
import { CHECKOUT_TEXTOS, PASOS_CHECKOUT, TOTAL_PASOS } from '../lib/textos';

/**
 * The checkout's header: title, 'Paso N de 6', the progress bar and the step chips, the
 * store and product wizards' pieces (components/wizard/) on a page.
 */
export function CheckoutEncabezado({
  paso,
  ref,
}: {
  paso: number;
  ref?: Ref<HTMLElement> | undefined;
}) {
  return (
    <header ref={ref} className="mb-5">
      <div className="flex items-center justify-between gap-3">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{CHECKOUT_TEXTOS.titulo}</h1>
        <p
          aria-live="polite"
          className="shrink-0 rounded-full bg-secondary px-2.5 py-1 font-semibold text-secondary-foreground text-xs tabular-nums"
        >
          {`Paso ${paso} de ${TOTAL_PASOS}`}
        </p>
      </div>
      <ProgresoDePasos paso={paso} total={TOTAL_PASOS} etiqueta="Progreso de la compra" />
      <PasosChips paso={paso} pasos={PASOS_CHECKOUT} className="sm:mx-0 sm:px-0" />
    </header>
  );
}
