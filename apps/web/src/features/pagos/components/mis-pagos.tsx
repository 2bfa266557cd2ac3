import {
  ESTADOS_PARTE_PAGADA,
  numeroDePedido,
  type PedidoConPagos,
} from '@compra-grupal/contracts';
import {
  CalendarIcon,
  ChevronRightIcon,
  CreditCardIcon,
  RotateCcwIcon,
  ShoppingBagIcon,
  WalletIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { TiendaLogo } from '@/components/tienda-logo';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatPrecio } from '@/lib/format-currency';
import { formatFechaHora } from '@/lib/format-fecha';
import { usePedidosConPagos } from '../api/get-pedidos-con-pagos';
import { TEXTOS_PAGOS } from '../lib/textos';
import { EstadoPedidoPagoBadge } from './estado-pago-badge';

/**
 * Mis Pagos (/my-payments, spec part 2, section 2): the shopper's orders, newest first, each
 * 'Pagado' or 'Pendiente' (or 'Reembolsado', 'Vencido': the order's `estado` as the API
 * computes it) with what was refunded, its date, total and 'Ver Detalle'; above, how many are
 * still to pay and how many had money given back.
 */
export function MisPagos({ usuarioId }: { usuarioId: string }) {
  const { data, isPending, isError, errorUpdatedAt, refetch } = usePedidosConPagos(usuarioId);
  useErrorToast(
    isError ? errorUpdatedAt : 0,
    TEXTOS_PAGOS.errorPagos,
    'Revisa tu conexión e inténtalo de nuevo',
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8">
      <header className="mb-6">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{TEXTOS_PAGOS.misPagos}</h1>
        <p className="mt-1 text-muted-foreground">
          Tus pedidos y el estado de los pagos a cada vendedor.
        </p>
      </header>
      {isPending ? (
        <div role="status" aria-label="Cargando tus pagos" className="grid gap-3">
          {[0, 1, 2].map((fila) => (
            <Skeleton key={fila} className="h-32 rounded-2xl sm:h-24" />
          ))}
        </div>
      ) : isError ? (
        <ErrorView
          title="Error al cargar los pagos"
          headingLevel="h2"
          onRetry={() => void refetch()}
        >
          {TEXTOS_PAGOS.errorPagos}. Revisa tu conexión e inténtalo de nuevo.
        </ErrorView>
      ) : data.length === 0 ? (
        <SinPagos />
      ) : (
        <>
          <ResumenPedidos pedidos={data} />
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Pedidos">
            {data.map((pedido) => (
              <li key={pedido._id}>
                <PedidoPagoItem pedido={pedido} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** '3 pedidos · 1 por pagar · 1 con reembolso', from the API's states and amounts. */
function ResumenPedidos({ pedidos }: { pedidos: PedidoConPagos[] }) {
  const porPagar = pedidos.filter((pedido) => pedido.estado === 'por_pagar').length;
  const conReembolso = pedidos.filter((pedido) => pedido.reembolsado > 0).length;
  const partes = [pedidos.length === 1 ? '1 pedido' : `${pedidos.length} pedidos`];
  if (porPagar > 0) partes.push(`${porPagar} por pagar`);
  if (conReembolso > 0) partes.push(`${conReembolso} con reembolso`);
  return (
    <p className="mb-3 text-muted-foreground text-sm" data-testid="resumen-pagos">
      {partes.join(' · ')}
    </p>
  );
}

function PedidoPagoItem({ pedido }: { pedido: PedidoConPagos }) {
  const tituloId = useId();
  // 'Pagar' while the API lets some part be paid (not one being credited, nor an expired order).
  const porPagar = pedido.acciones.pagar;
  const vendedores = pedido.pagosPorVendedor;
  const aprobados = vendedores.filter((pago) =>
    ESTADOS_PARTE_PAGADA.includes(pago.estadoParte),
  ).length;
  return (
    <article
      aria-labelledby={tituloId}
      className="flex flex-col gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-sm transition-shadow hover:shadow-md sm:flex-row sm:items-center sm:p-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-secondary text-secondary-foreground">
          <CreditCardIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={tituloId} className="font-semibold">
              Pedido {numeroDePedido(pedido._id)}
            </h2>
            <EstadoPedidoPagoBadge estado={pedido.estado} />
          </div>
          {pedido.reembolsado > 0 && (
            <p
              className="mt-1 flex items-center gap-1.5 font-medium text-slate-800 text-sm tabular-nums"
              data-testid="reembolso-pedido"
            >
              <RotateCcwIcon className="size-3.5 shrink-0" aria-hidden />
              {pedido.reembolsoTotal ? 'Reembolsado' : 'Reembolso parcial'}{' '}
              {formatPrecio(pedido.reembolsado)}
            </p>
          )}
          <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
            <CalendarIcon className="size-3.5" aria-hidden />
            <time dateTime={pedido.fechaCreacion}>{formatFechaHora(pedido.fechaCreacion)}</time>
          </p>
          {vendedores.length > 0 && (
            <div className="mt-2 flex items-center gap-2">
              <div className="-space-x-2 flex">
                {vendedores.slice(0, 4).map((pago) => (
                  <TiendaLogo
                    key={pago.tiendaId}
                    src={pago.tiendaLogo}
                    nombre={pago.tiendaNombre}
                    className="size-7 rounded-full border-2 border-card text-xs"
                  />
                ))}
              </div>
              <p className="text-muted-foreground text-xs">
                {aprobados} de {vendedores.length}{' '}
                {vendedores.length === 1 ? 'pago aprobado' : 'pagos aprobados'}
              </p>
            </div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-border/60 border-t pt-3 sm:flex-col sm:flex-nowrap sm:items-end sm:border-0 sm:pt-0">
        <p className="whitespace-nowrap font-bold text-lg tabular-nums">
          <span className="sr-only">Total: </span>
          {formatPrecio(pedido.total)}
        </p>
        <div className="ml-auto flex gap-2">
          {porPagar && (
            <Button asChild size="sm" variant="outline">
              <Link
                to={`/multi-payment-checkout?pedidoId=${encodeURIComponent(pedido._id)}`}
                aria-describedby={tituloId}
              >
                Pagar
              </Link>
            </Button>
          )}
          <Button asChild size="sm">
            <Link
              to={`/payment-detail/${encodeURIComponent(pedido._id)}`}
              aria-describedby={tituloId}
            >
              {TEXTOS_PAGOS.verDetalle}
              <ChevronRightIcon aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

function SinPagos() {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 border-dashed bg-card px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <WalletIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-bold text-xl tracking-tight">Aún no tienes pagos</h2>
      <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
        Cuando hagas un pedido, vas a ver aquí el estado de sus pagos.
      </p>
      <Button asChild className="mt-6">
        <Link to="/">
          <ShoppingBagIcon aria-hidden />
          Explorar productos
        </Link>
      </Button>
    </div>
  );
}
