import { TruckIcon } from 'lucide-react';
import { useId } from 'react';
import { TEXTOS_PEDIDOS } from '../lib/textos';

/**
 * 'Enviando' with the delivery code: the order is complete and on its way; the shopper gives
 * this code to the courier, who enters it to confirm the delivery.
 */
export function CodigoEntrega({ codigo }: { codigo: string }) {
  const etiquetaId = useId();
  return (
    <section
      aria-labelledby={etiquetaId}
      className="flex flex-col gap-3 rounded-xl border border-blue-600/25 bg-blue-50 p-3 text-blue-950 sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-blue-600 text-white">
          <TruckIcon className="size-5" aria-hidden />
        </span>
        <div>
          <h3 id={etiquetaId} className="font-semibold">
            {TEXTOS_PEDIDOS.enviando}
          </h3>
          <p className="text-blue-900/80 text-sm">Dale este código al repartidor al recibirlo.</p>
        </div>
      </div>
      <p className="flex flex-col items-start sm:items-end">
        <span className="text-blue-900/80 text-xs uppercase tracking-wide">Código de entrega</span>
        <output
          aria-label="Código de entrega"
          className="select-all font-bold font-mono text-3xl tracking-[0.3em]"
        >
          {codigo}
        </output>
      </p>
    </section>
  );
}
