import { ListChecksIcon, ShieldCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { formatPrecio } from '@/lib/format-currency';
import { ProcederAlCheckout } from './proceder-al-checkout';

export interface CarritoTotalesProps {
  /** Units of the lines whose product is known (those the total adds up). */
  cantidad: number;
  /** Units in the whole cart, known or not. */
  cantidadEnCarrito: number;
  total: number;
  /** Why checkout cannot start yet (products loading or missing); null when it can. */
  bloqueo: string | null;
  onVerResumen: () => void;
}

/** The cart's totals with 'Ver resumen' and 'Proceder al checkout'. */
export function CarritoTotales({
  cantidad,
  cantidadEnCarrito,
  total,
  bloqueo,
  onVerResumen,
}: CarritoTotalesProps) {
  return (
    <section
      aria-labelledby="carrito-totales-titulo"
      className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm"
    >
      <h2 id="carrito-totales-titulo" className="font-semibold text-lg tracking-tight">
        Total de tu compra
      </h2>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            Productos (
            {cantidad === cantidadEnCarrito ? cantidad : `${cantidad} de ${cantidadEnCarrito}`})
          </dt>
          <dd className="tabular-nums">{formatPrecio(total)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Envío</dt>
          <dd className="text-muted-foreground">Se calcula en el checkout</dd>
        </div>
      </dl>
      <Separator className="my-4" />
      <div className="flex items-baseline justify-between gap-4">
        <span className="font-semibold">Total</span>
        <span data-slot="total" className="font-extrabold text-2xl tracking-tight tabular-nums">
          {formatPrecio(total)}
        </span>
      </div>
      <div className="mt-5 grid gap-2">
        <ProcederAlCheckout bloqueado={bloqueo !== null} size="lg" />
        <Button type="button" variant="outline" onClick={onVerResumen}>
          <ListChecksIcon aria-hidden />
          Ver resumen
        </Button>
      </div>
      {bloqueo && <p className="mt-3 text-muted-foreground text-sm">{bloqueo}</p>}
      <p className="mt-4 flex gap-2 text-muted-foreground text-xs leading-relaxed">
        <ShieldCheckIcon className="size-4 shrink-0 text-primary" aria-hidden />
        Pagas ahora para reservar tu lugar en cada grupo. Si un grupo se cancela, te devolvemos el
        dinero al instante.
      </p>
    </section>
  );
}
