import type { PagoPorVendedor } from '@compra-grupal/contracts';
import {
  CircleCheckIcon,
  ClockIcon,
  CreditCardIcon,
  Loader2Icon,
  RotateCcwIcon,
  TimerOffIcon,
} from 'lucide-react';
import { useId } from 'react';
import { TiendaLogo } from '@/components/tienda-logo';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { EstadoParteBadge } from './estado-pago-badge';
import { ProductoMiniatura } from './producto-miniatura';
import { ReembolsoDePago } from './reembolso-de-pago';

export interface PagoVendedorCardProps {
  pago: PagoPorVendedor;
  /** Asks for this seller's payment link; absent where the card only shows the state. */
  onPagar: () => void;
  /** This card's link is being generated. */
  generando: boolean;
  /** Another card's link is being generated: the browser is about to leave. */
  bloqueado: boolean;
}

/** The part states the card reads as paid (the lifecycle's, never the card's own guess). */
const PAGADA = new Set<PagoPorVendedor['estadoParte']>(['esperando_grupo', 'lista', 'entregada']);

/**
 * One seller's payment in 'Completa tus Pagos': logo, name, products, amount (two decimals,
 * es-AR), its state as the API computes it (`estadoParte`) and what the shopper can do, as the
 * API allows it (`acciones.pagar`): 'Pagar' while unpaid, 'Reintentar pago' after a rejection,
 * nothing while the provider is crediting a pending payment (paying again would charge twice)
 * or once the order expired, 'Pagado' once paid, and the refund when money was given back.
 */
export function PagoVendedorCard({ pago, onPagar, generando, bloqueado }: PagoVendedorCardProps) {
  const tituloId = useId();
  const estado = pago.estadoParte;
  const aprobado = PAGADA.has(estado);
  const pagable = pago.acciones.pagar;
  return (
    <article
      aria-labelledby={tituloId}
      data-estado={estado}
      className={cn(
        'flex flex-col rounded-2xl border bg-card shadow-sm transition-colors',
        aprobado ? 'border-emerald-600/30' : 'border-border/70',
      )}
    >
      <header className="flex flex-wrap items-center gap-3 border-border/60 border-b p-4">
        <TiendaLogo
          src={pago.tiendaLogo}
          nombre={pago.tiendaNombre}
          className="size-11 rounded-xl border border-border/60 text-lg"
        />
        <div className="min-w-36 flex-1">
          <h2 id={tituloId} className="font-semibold [overflow-wrap:anywhere]">
            {pago.tiendaNombre}
          </h2>
          <p className="text-muted-foreground text-xs">
            {pago.productos.length === 1 ? '1 producto' : `${pago.productos.length} productos`}
          </p>
        </div>
        <EstadoParteBadge estado={estado} />
      </header>

      <ul
        className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4"
        aria-label={`Productos de ${pago.tiendaNombre}`}
      >
        {pago.productos.map((producto) => (
          <li key={producto.productoId} className="flex items-center gap-3">
            <ProductoMiniatura src={producto.imagen} nombre={producto.nombre} className="size-12" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-sm [overflow-wrap:anywhere]">{producto.nombre}</p>
              <p className="text-muted-foreground text-xs tabular-nums">
                {producto.cantidad} × {formatPrecio(producto.precio)}
              </p>
            </div>
            <p className="shrink-0 whitespace-nowrap font-medium text-sm tabular-nums">
              {formatPrecio(producto.precio * producto.cantidad)}
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-auto border-border/60 border-t p-4">
        <dl className="grid gap-1 text-sm">
          <div className="flex justify-between text-muted-foreground">
            <dt>Envío</dt>
            <dd className="whitespace-nowrap tabular-nums">
              {pago.envio > 0 ? formatPrecio(pago.envio) : 'Gratis'}
            </dd>
          </div>
          <div className="flex items-baseline justify-between">
            <dt className="font-medium">Total a pagar</dt>
            <dd
              className="whitespace-nowrap font-bold text-lg tabular-nums"
              data-testid="monto-pago"
            >
              {formatPrecio(pago.monto)}
            </dd>
          </div>
        </dl>
        <ReembolsoDePago pago={pago} className="mt-3" />
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
            ) : estado === 'rechazado' ? (
              <RotateCcwIcon aria-hidden />
            ) : (
              <CreditCardIcon aria-hidden />
            )}
            {generando
              ? 'Generando link…'
              : estado === 'rechazado'
                ? 'Reintentar pago'
                : `Pagar ${formatPrecio(pago.monto)}`}
          </Button>
        ) : estado === 'en_acreditacion' ? (
          <p
            className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-2.5 text-amber-900 text-sm"
            data-testid="pago-en-acreditacion"
          >
            <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Mercado Pago está acreditando este pago. No hace falta pagar de nuevo: te avisamos
              cuando se confirme.
            </span>
          </p>
        ) : estado === 'vencido' ? (
          <p
            className="mt-3 flex items-start gap-2 rounded-lg bg-slate-100 p-2.5 text-slate-700 text-sm"
            data-testid="pago-vencido"
          >
            <TimerOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              La reserva venció sin este pago: no se te cobró nada. Si un pago pendiente se acredita
              después, te lo devolvemos entero.
            </span>
          </p>
        ) : (
          estado === 'reembolsada' && (
            <p className="mt-3 text-center text-muted-foreground text-sm">Pago reembolsado</p>
          )
        )}
      </div>
    </article>
  );
}
