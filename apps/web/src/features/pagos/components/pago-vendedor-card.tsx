import type { PagoPorVendedor } from '@compra-grupal/contracts';
import { CircleCheckIcon, CreditCardIcon, Loader2Icon, RotateCcwIcon } from 'lucide-react';
import { useId } from 'react';
import { TiendaLogo } from '@/components/tienda-logo';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { EstadoPagoBadge } from './estado-pago-badge';
import { ProductoMiniatura } from './producto-miniatura';

export interface PagoVendedorCardProps {
  pago: PagoPorVendedor;
  /** Asks for this seller's payment link; absent where the card only shows the state. */
  onPagar: () => void;
  /** This card's link is being generated. */
  generando: boolean;
  /** Another card's link is being generated: the browser is about to leave. */
  bloqueado: boolean;
}

/**
 * One seller's payment in 'Completa tus Pagos': logo, name, products, amount (two decimals,
 * es-AR), state and the button that goes to pay it; an approved payment reads as paid.
 */
export function PagoVendedorCard({ pago, onPagar, generando, bloqueado }: PagoVendedorCardProps) {
  const tituloId = useId();
  const aprobado = pago.estado === 'aprobado';
  const pagable = pago.estado === 'pendiente' || pago.estado === 'rechazado';
  return (
    <article
      aria-labelledby={tituloId}
      data-estado={pago.estado}
      className={cn(
        'flex flex-col rounded-2xl border bg-card shadow-sm transition-colors',
        aprobado ? 'border-emerald-600/30' : 'border-border/70',
      )}
    >
      <header className="flex items-center gap-3 border-border/60 border-b p-4">
        <TiendaLogo
          src={pago.tiendaLogo}
          nombre={pago.tiendaNombre}
          className="size-11 rounded-xl border border-border/60 text-lg"
        />
        <div className="min-w-0 flex-1">
          <h2 id={tituloId} className="truncate font-semibold">
            {pago.tiendaNombre}
          </h2>
          <p className="text-muted-foreground text-xs">
            {pago.productos.length === 1 ? '1 producto' : `${pago.productos.length} productos`}
          </p>
        </div>
        <EstadoPagoBadge estado={pago.estado} />
      </header>

      <ul className="grid gap-3 p-4" aria-label={`Productos de ${pago.tiendaNombre}`}>
        {pago.productos.map((producto) => (
          <li key={producto.productoId} className="flex items-center gap-3">
            <ProductoMiniatura src={producto.imagen} nombre={producto.nombre} className="size-12" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-sm">{producto.nombre}</p>
              <p className="text-muted-foreground text-xs tabular-nums">
                {producto.cantidad} × {formatPrecio(producto.precio)}
              </p>
            </div>
            <p className="font-medium text-sm tabular-nums">
              {formatPrecio(producto.precio * producto.cantidad)}
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-auto border-border/60 border-t p-4">
        <dl className="grid gap-1 text-sm">
          <div className="flex justify-between text-muted-foreground">
            <dt>Envío</dt>
            <dd className="tabular-nums">{pago.envio > 0 ? formatPrecio(pago.envio) : 'Gratis'}</dd>
          </div>
          <div className="flex items-baseline justify-between">
            <dt className="font-medium">Total a pagar</dt>
            <dd className="font-bold text-lg tabular-nums" data-testid="monto-pago">
              {formatPrecio(pago.monto)}
            </dd>
          </div>
        </dl>
        {aprobado ? (
          <p
            className="mt-3 flex h-10 items-center justify-center gap-2 rounded-lg bg-emerald-50 font-medium text-emerald-800 text-sm"
            data-testid="pago-completado"
          >
            <CircleCheckIcon className="size-4" aria-hidden />
            Pagado
          </p>
        ) : pagable ? (
          <Button
            type="button"
            className="mt-3 w-full"
            onClick={onPagar}
            disabled={generando || bloqueado}
            aria-describedby={tituloId}
          >
            {generando ? (
              <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden />
            ) : pago.estado === 'rechazado' ? (
              <RotateCcwIcon aria-hidden />
            ) : (
              <CreditCardIcon aria-hidden />
            )}
            {generando
              ? 'Generando link…'
              : pago.estado === 'rechazado'
                ? 'Reintentar pago'
                : `Pagar ${formatPrecio(pago.monto)}`}
          </Button>
        ) : (
          <p className="mt-3 text-center text-muted-foreground text-sm">Pago reembolsado</p>
        )}
      </div>
    </article>
  );
}
