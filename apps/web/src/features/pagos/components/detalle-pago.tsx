import { numeroDePedido, type PagoPorVendedor } from '@compra-grupal/contracts';
import { ArrowLeftIcon, CreditCardIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { TiendaLogo } from '@/components/tienda-logo';
import { Button } from '@/components/ui/button';
import { formatPrecio } from '@/lib/format-currency';
import { useEstadoPagos } from '../api/get-estado-pagos';
import { usePagosEnVivo } from '../hooks/use-pagos-en-vivo';
import { useRedirigirSiFalla } from '../hooks/use-redirigir-si-falla';
import { EstadoParteBadge } from './estado-pago-badge';
import { PagosSkeleton } from './pagos-skeleton';
import { PedidoVencido } from './pedido-vencido';
import { ProductoMiniatura } from './producto-miniatura';
import { ProgresoPagos } from './progreso-pagos';
import { ReembolsoDePago } from './reembolso-de-pago';

/** Thumbnails shown per seller (spec part 2, section 9); the rest read '+N'. */
export const MINIATURAS_POR_VENDEDOR = 4;

/**
 * Payment detail (/payment-detail/{pedidoId}, spec part 2, section 2): the order's payments per
 * seller with logo, name, amount, state (the API's `estadoParte`), what was refunded, and up to
 * four product thumbnails.
 */
export function DetallePago({ pedidoId }: { pedidoId: string }) {
  const { data, error, isError } = useEstadoPagos(pedidoId);
  usePagosEnVivo(pedidoId);
  useRedirigirSiFalla(isError && !data, error);
  // Some part can be paid now (or paid again), as the API allows it.
  const pendiente = data?.acciones.pagar ?? false;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4 text-muted-foreground">
        <Link to="/my-payments">
          <ArrowLeftIcon aria-hidden />
          Volver a Mis Pagos
        </Link>
      </Button>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Detalle del pago</h1>
          <p className="mt-1 text-muted-foreground">Pedido {numeroDePedido(pedidoId)}</p>
        </div>
        {pendiente && (
          <Button asChild>
            <Link to={`/multi-payment-checkout?pedidoId=${encodeURIComponent(pedidoId)}`}>
              <CreditCardIcon aria-hidden />
              Completar pagos
            </Link>
          </Button>
        )}
      </header>
      {!data ? (
        <PagosSkeleton etiqueta="Cargando el detalle del pago" tarjetas={2} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {data.estado === 'vencido' ? (
            <PedidoVencido estado={data} acciones={false} />
          ) : (
            <ProgresoPagos estadisticas={data.estadisticas} />
          )}
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Pagos por vendedor">
            {data.pagosPorVendedor.map((pago) => (
              <li key={pago.tiendaId}>
                <PagoVendedorDetalle pago={pago} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function PagoVendedorDetalle({ pago }: { pago: PagoPorVendedor }) {
  const tituloId = useId();
  const visibles = pago.productos.slice(0, MINIATURAS_POR_VENDEDOR);
  const resto = pago.productos.length - visibles.length;
  return (
    <article
      aria-labelledby={tituloId}
      className="flex flex-col gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-5"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <TiendaLogo
          src={pago.tiendaLogo}
          nombre={pago.tiendaNombre}
          className="size-12 rounded-xl border border-border/60 text-lg"
        />
        <div className="min-w-0 flex-1">
          <h2 id={tituloId} className="truncate font-semibold" title={pago.tiendaNombre}>
            {pago.tiendaNombre}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <EstadoParteBadge estado={pago.estadoParte} />
            <span className="text-muted-foreground text-xs">
              {pago.productos.length === 1 ? '1 producto' : `${pago.productos.length} productos`}
            </span>
          </div>
          <ReembolsoDePago pago={pago} className="mt-2 w-fit" />
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <ul className="flex gap-1.5" aria-label={`Productos de ${pago.tiendaNombre}`}>
          {visibles.map((producto) => (
            <li key={producto.productoId} title={`${producto.nombre} × ${producto.cantidad}`}>
              <ProductoMiniatura
                src={producto.imagen}
                nombre={producto.nombre}
                className="size-11"
              />
            </li>
          ))}
          {resto > 0 && (
            <li className="grid size-11 place-items-center rounded-lg border border-border/60 bg-muted font-semibold text-muted-foreground text-sm">
              <span aria-hidden>+{resto}</span>
              <span className="sr-only">
                {resto} {resto === 1 ? 'producto más' : 'productos más'}
              </span>
            </li>
          )}
        </ul>
        <p className="shrink-0 text-right">
          <span className="block text-muted-foreground text-xs">Monto</span>
          <span className="whitespace-nowrap font-bold text-lg tabular-nums">
            {formatPrecio(pago.monto)}
          </span>
        </p>
      </div>
    </article>
  );
}
