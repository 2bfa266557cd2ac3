import { type EstadoPagosResponse, numeroDePedido } from '@compra-grupal/contracts';
import {
  ArrowLeftIcon,
  CircleCheckBigIcon,
  ClockIcon,
  Loader2Icon,
  PackageIcon,
  PartyPopperIcon,
  ReceiptTextIcon,
  RotateCcwIcon,
  XCircleIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formatPrecio } from '@/lib/format-currency';
import { getStoredItem, removeStoredItem, setStoredItem } from '@/lib/storage-keys';
import { useCancelarPedido } from '../api/cancelar-pedido';
import { pagosCompletos, useEstadoPagos } from '../api/get-estado-pagos';
import { useLinkPago } from '../api/get-link-pago';
import { usePagosEnVivo } from '../hooks/use-pagos-en-vivo';
import { useRedirigirSiFalla } from '../hooks/use-redirigir-si-falla';
import { TEXTOS_PAGOS } from '../lib/textos';
import { PagoVendedorCard } from './pago-vendedor-card';
import { PagosSkeleton } from './pagos-skeleton';
import { PedidoVencido } from './pedido-vencido';
import { ProgresoPagos } from './progreso-pagos';

export interface CompletaTusPagosProps {
  pedidoId: string;
  /** The shopper came back from the provider with paymentSuccess=true. */
  pagoExitoso: boolean;
  /**
   * The provider said the payment is pending (paymentStatus=pending): the return announces
   * 'Tu pago está pendiente de acreditación' instead of a success.
   */
  pagoPendiente?: boolean;
  /**
   * Sends the browser to the provider's checkout (`init_point`); currentPedidoId is already
   * stored. The route empties the cart here, since features do not import each other.
   */
  onIrAPagar: (initPoint: string) => void;
}

/** The order's amounts by the state the API gives each part (`estadoParte`). */
function montos(estado: EstadoPagosResponse) {
  let total = 0;
  let pagado = 0;
  let enAcreditacion = 0;
  let restante = 0;
  let reembolsado = 0;
  for (const pago of estado.pagosPorVendedor) {
    total += pago.monto;
    reembolsado += pago.reembolsado;
    if (pago.estadoParte === 'en_acreditacion') enAcreditacion += pago.monto;
    else if (pago.estadoParte === 'por_pagar' || pago.estadoParte === 'rechazado')
      restante += pago.monto;
    else if (pago.estadoParte !== 'vencido') pagado += pago.monto;
  }
  return { total, pagado, enAcreditacion, restante, reembolsado };
}

/**
 * 'Completa tus Pagos' (spec part 2, sections 2, 4 and 7): one card per seller with its pay
 * button, the overall progress, and the success message after a return from the provider.
 * Live while on screen: it reads again on `pagoAprobado` for this order, after a reconnection,
 * and every few seconds while some payment is pending.
 */
export function CompletaTusPagos({
  pedidoId,
  pagoExitoso,
  pagoPendiente = false,
  onIrAPagar,
}: CompletaTusPagosProps) {
  const { data, error, isError } = useEstadoPagos(pedidoId, { sondear: true });
  usePagosEnVivo(pedidoId);
  useRedirigirSiFalla(isError && !data, error);
  const linkPago = useLinkPago();
  const completo = data ? pagosCompletos(data) : false;
  // The order's reservation ran out before every seller was paid (the API's state).
  const vencido = data?.estado === 'vencido';

  // A finished order no longer waits for a return from the provider (/success, /failure).
  useEffect(() => {
    if ((completo || vencido) && getStoredItem('currentPedidoId') === pedidoId) {
      removeStoredItem('currentPedidoId');
    }
  }, [completo, vencido, pedidoId]);

  const pagar = (tiendaId: string) => {
    linkPago.mutate(
      { pedidoId, tiendaId },
      {
        onSuccess: (initPoint) => {
          setStoredItem('currentPedidoId', pedidoId);
          onIrAPagar(initPoint);
        },
        onError: (failure) => {
          toast({
            title: TEXTOS_PAGOS.errorLinkPago,
            description:
              (failure instanceof ApiError ? failure.serverMessage : undefined) ??
              'Inténtalo de nuevo en unos segundos',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4 text-muted-foreground">
        <Link to="/my-payments">
          <ArrowLeftIcon aria-hidden />
          Volver a Mis Pagos
        </Link>
      </Button>
      <header className="mb-6">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
          {vencido ? 'Pedido vencido' : TEXTOS_PAGOS.titulo}
        </h1>
        <p className="mt-1 text-pretty text-muted-foreground">
          {vencido
            ? `La reserva de tu pedido ${numeroDePedido(pedidoId)} venció antes de completar los pagos.`
            : `Tu pedido ${numeroDePedido(pedidoId)} se paga por separado a cada vendedor.`}
        </p>
      </header>

      {pagoExitoso && pagoPendiente && (
        <div
          role="status"
          className="mb-6 flex animate-rise-in items-start gap-3 rounded-2xl border border-amber-600/25 bg-amber-50 p-4 text-amber-950"
        >
          <ClockIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{TEXTOS_PAGOS.pagoPendiente}</p>
            <p className="text-sm">
              Mercado Pago todavía no confirmó el cobro. No hace falta pagar de nuevo: el estado se
              actualiza solo en esta pantalla.
            </p>
          </div>
        </div>
      )}

      {pagoExitoso && !pagoPendiente && (
        <div
          role="status"
          className="mb-6 flex animate-rise-in items-start gap-3 rounded-2xl border border-emerald-600/25 bg-emerald-50 p-4 text-emerald-900"
        >
          <PartyPopperIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{TEXTOS_PAGOS.pagoExitoso}</p>
            <p className="text-sm">
              {completo
                ? 'Recibimos todos tus pagos. Tu pedido está confirmado.'
                : 'Recibimos tu pago. Completa los pagos restantes para confirmar tu pedido.'}
            </p>
          </div>
        </div>
      )}

      {!data ? (
        <PagosSkeleton etiqueta="Cargando tus pagos" />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <aside
            className="grid gap-4 lg:sticky lg:top-20 lg:order-2"
            aria-label="Resumen de pagos"
          >
            {vencido ? (
              <PedidoVencido estado={data} />
            ) : (
              <ProgresoPagos estadisticas={data.estadisticas} />
            )}
            <ResumenMontos estado={data} />
            {completo && <PagosCompletos pedidoId={pedidoId} reembolsado={data.reembolsoTotal} />}
            {data.acciones.cancelar && <CancelarPedido pedidoId={pedidoId} />}
          </aside>
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,20rem),1fr))] gap-4 lg:order-1">
            {data.pagosPorVendedor.map((pago) => (
              <PagoVendedorCard
                key={pago.tiendaId}
                pago={pago}
                onPagar={() => pagar(pago.tiendaId)}
                generando={linkPago.isPending && linkPago.variables?.tiendaId === pago.tiendaId}
                bloqueado={linkPago.isPending || linkPago.isSuccess}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function ResumenMontos({ estado }: { estado: EstadoPagosResponse }) {
  const { total, pagado, enAcreditacion, restante, reembolsado } = montos(estado);
  return (
    <dl className="grid gap-2 rounded-2xl border border-border/70 bg-card p-4 text-sm shadow-sm sm:p-5">
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Total del pedido</dt>
        <dd className="font-medium tabular-nums">{formatPrecio(total)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Pagado</dt>
        <dd className="font-medium text-primary-strong tabular-nums">{formatPrecio(pagado)}</dd>
      </div>
      {enAcreditacion > 0 && (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">En acreditación</dt>
          <dd className="font-medium text-amber-800 tabular-nums">
            {formatPrecio(enAcreditacion)}
          </dd>
        </div>
      )}
      {reembolsado > 0 && (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Reembolsado</dt>
          <dd className="font-medium tabular-nums">{formatPrecio(reembolsado)}</dd>
        </div>
      )}
      {/* An expired order has nothing left to pay. */}
      {estado.estado !== 'vencido' && (
        <div className="flex justify-between border-border/60 border-t pt-2">
          <dt className="font-medium">Restante</dt>
          <dd className="font-bold tabular-nums">{formatPrecio(restante)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Every payment is settled: '¡Pedido pagado!' while something of the order ships; an order
 * refunded whole (the API's `reembolsoTotal`) says so instead of promising a delivery.
 */
function PagosCompletos({ pedidoId, reembolsado }: { pedidoId: string; reembolsado: boolean }) {
  return (
    <div
      className={
        reembolsado
          ? 'rounded-2xl border border-slate-600/25 bg-slate-50 p-4 text-slate-900 sm:p-5'
          : 'rounded-2xl border border-emerald-600/25 bg-emerald-50 p-4 text-emerald-900 sm:p-5'
      }
    >
      <p className="flex items-center gap-2 font-semibold">
        {reembolsado ? (
          <RotateCcwIcon className="size-5" aria-hidden />
        ) : (
          <CircleCheckBigIcon className="size-5" aria-hidden />
        )}
        {reembolsado ? 'Pedido reembolsado' : '¡Pedido pagado!'}
      </p>
      <p className="mt-1 text-sm">
        {reembolsado
          ? 'Te devolvimos lo que pagaste: este pedido no se entrega.'
          : 'Te avisaremos cuando tu pedido salga hacia tu dirección.'}
      </p>
      <div className="mt-3 grid gap-2">
        <Button asChild size="sm">
          <Link to="/my-orders">
            <PackageIcon aria-hidden />
            Ver mis pedidos
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline" className="bg-card">
          <Link to={`/payment-detail/${encodeURIComponent(pedidoId)}`}>
            <ReceiptTextIcon aria-hidden />
            Ver detalle del pago
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * 'Cancelar pedido' (docs/decisions/029): after a confirmation the order is cancelled (nothing
 * was charged, and it can no longer be paid), and the shopper lands on Mis Pagos.
 */
function CancelarPedido({ pedidoId }: { pedidoId: string }) {
  const [abierto, setAbierto] = useState(false);
  const cancelar = useCancelarPedido();
  const navigate = useNavigate();
  const confirmar = () =>
    cancelar.mutate(pedidoId, {
      onSuccess: () => {
        if (getStoredItem('currentPedidoId') === pedidoId) removeStoredItem('currentPedidoId');
        setAbierto(false);
        toast({ title: 'Pedido cancelado' });
        navigate('/my-payments');
      },
    });
  return (
    <>
      <Button type="button" variant="outline" className="bg-card" onClick={() => setAbierto(true)}>
        <XCircleIcon aria-hidden />
        Cancelar pedido
      </Button>
      <ResponsiveDialog
        open={abierto}
        onOpenChange={(open) => {
          if (!cancelar.isPending) setAbierto(open);
        }}
        title="¿Cancelar este pedido?"
        description="No se te cobra nada y ya no podrás pagarlo."
        className="sm:max-w-md"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={cancelar.isPending}
            onClick={() => setAbierto(false)}
          >
            Volver
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={cancelar.isPending}
            aria-busy={cancelar.isPending || undefined}
            onClick={confirmar}
          >
            {cancelar.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <XCircleIcon aria-hidden />
            )}
            Cancelar pedido
          </Button>
        </div>
      </ResponsiveDialog>
    </>
  );
}
