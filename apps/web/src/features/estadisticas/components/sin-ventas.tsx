import { ChartColumnIcon } from 'lucide-react';

/** A period without sales nor groups: nothing to chart, and a hint of what to try. */
export function SinVentas() {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <ChartColumnIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-semibold text-xl tracking-tight">
        Todavía no hay ventas en este período
      </h2>
      <p className="mt-2 max-w-md text-pretty text-muted-foreground">
        Cuando tus compradores paguen o tus grupos avancen, aquí verás tus ventas, comisiones y
        grupos. Prueba con otro período.
      </p>
    </div>
  );
}
