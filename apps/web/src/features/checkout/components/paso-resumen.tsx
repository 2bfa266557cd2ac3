import { TriangleAlertIcon } from 'lucide-react';
import { CheckoutResumen, type EnvioElegido } from './checkout-resumen';
import type { TiendaCheckout, TiendaDelPedido } from './tipos';

/** Step 6: the products and shipping of each store, and why paying failed when stores cannot take payments. */
export function PasoResumen({
  tiendas,
  infoTiendas,
  envios,
  sinMp,
}: {
  tiendas: readonly TiendaDelPedido[];
  infoTiendas: ReadonlyMap<string, TiendaCheckout>;
  /** The chosen shipping option per store. */
  envios: ReadonlyMap<string, EnvioElegido>;
  /** The stores without Mercado Pago, after paying was refused for them. */
  sinMp: string | null;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <CheckoutResumen
        tiendas={tiendas}
        infoTiendas={infoTiendas}
        envios={envios}
        abierto
        titulo="Productos y envíos"
      />
      {sinMp && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {sinMp}
        </p>
      )}
      <p className="text-muted-foreground text-xs">
        Al continuar creamos tu pedido y te llevamos a pagar a cada tienda.
      </p>
    </div>
  );
}
