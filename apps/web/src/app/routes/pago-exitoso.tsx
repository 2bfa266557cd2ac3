import {
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  HomeIcon,
  PackageIcon,
  PhoneIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { vaciarCarrito } from '@/features/carrito/stores/carrito-store';
import { lanzarConfeti } from '@/features/checkout/lib/confeti';
import { useSoporte } from '@/features/grupo/api/get-soporte';
import { enlacesDelTelefono } from '@/features/grupo/lib/soporte';
import { TEXTOS_PAGOS } from '@/features/pagos/lib/textos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getStoredItem } from '@/lib/storage-keys';

/** The provider's words for a payment it has not credited yet (Mercado Pago's back URLs). */
const ESTADOS_PENDIENTES = new Set(['pending', 'in_process']);

/**
 * Whether the return says the payment is pending: Mercado Pago sends the shopper back to the
 * preference's pending URL (this same screen) with `status` and `collection_status`.
 */
function pagoPendienteEn(searchParams: URLSearchParams): boolean {
  return ['status', 'collection_status'].some((nombre) =>
    ESTADOS_PENDIENTES.has(searchParams.get(nombre) ?? ''),
  );
}

/**
 * /success (spec part 1, section 2). With a pending order (currentPedidoId) it goes on to pay
 * its sellers: /multi-payment-checkout?pedidoId={id}&paymentSuccess=true, adding
 * paymentStatus=pending when the provider left the payment pending. Otherwise it empties the
 * cart and reads `token` and `payment_id`: with either, 'Felicidades por tu compra' with
 * confetti, or 'Tu pago está pendiente de acreditación' (no confetti) for a pending payment;
 * with neither, 'Error de Pago'.
 */
export function PagoExitosoRoute() {
  // Read once: the screen does not change its mind while it shows.
  const [pedidoId] = useState(() => getStoredItem('currentPedidoId'));
  const [searchParams] = useSearchParams();
  const aprobado = Boolean(searchParams.get('token') || searchParams.get('payment_id'));
  const pendiente = pagoPendienteEn(searchParams);
  useDocumentTitle(
    pendiente ? 'Pago pendiente' : pedidoId || aprobado ? 'Pago exitoso' : 'Error de Pago',
  );

  useEffect(() => {
    if (pedidoId) return;
    vaciarCarrito();
    if (aprobado && !pendiente) void lanzarConfeti();
  }, [pedidoId, aprobado, pendiente]);

  if (pedidoId) {
    const destino = new URLSearchParams({ pedidoId, paymentSuccess: 'true' });
    if (pendiente) destino.set('paymentStatus', 'pending');
    return <Navigate to={`/multi-payment-checkout?${destino}`} replace />;
  }

  if (pendiente) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-16">
        <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-12 text-center shadow-sm">
          <span className="grid size-14 place-items-center rounded-2xl bg-amber-50 text-amber-800">
            <ClockIcon className="size-7" aria-hidden />
          </span>
          <h1 className="mt-5 text-balance font-bold text-2xl tracking-tight">
            {TEXTOS_PAGOS.pagoPendiente}
          </h1>
          <p className="mt-3 flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Estado del pago:</span>
            <Badge variant="outline" className="border-amber-600/25 bg-amber-50 text-amber-800">
              Pendiente
            </Badge>
          </p>
          <p className="mt-4 max-w-sm text-pretty text-muted-foreground">
            Mercado Pago todavía no confirmó el cobro. No hace falta pagar de nuevo: vas a ver el
            estado actualizado en Mis Pagos.
          </p>
          <AccionesDelResultado />
        </div>
      </div>
    );
  }

  if (!aprobado) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-16">
        <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-12 text-center shadow-sm">
          <span className="grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive">
            <CircleXIcon className="size-7" aria-hidden />
          </span>
          <h1 className="mt-5 font-bold text-2xl tracking-tight">Error de Pago</h1>
          <p className="mt-2 max-w-sm text-pretty text-muted-foreground">
            No recibimos la confirmación del pago. Revisa tus pedidos o vuelve a intentarlo.
          </p>
          <AccionesDelResultado />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border/70 bg-card px-6 py-12 text-center shadow-sm">
        <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-primary-strong">
          <CircleCheckIcon className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 font-bold text-2xl tracking-tight">Felicidades por tu compra</h1>
        <p className="mt-3 flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Estado del pago:</span>
          <Badge variant="secondary">Aprobado</Badge>
        </p>
        <p className="mt-4 max-w-sm text-pretty text-muted-foreground">
          Te avisaremos cuando tu grupo se complete y el pedido salga hacia tu dirección.
        </p>
        <SoporteDeLaCompra />
        <AccionesDelResultado />
      </div>
    </div>
  );
}

const enlaceDeSoporte =
  'inline-flex items-center gap-1 font-medium text-primary-strong underline-offset-4 hover:underline';

/** The spec's contact phone, as configured (SUPPORT_PHONE); the email without one; else none. */
function SoporteDeLaCompra() {
  const { telefono, email } = useSoporte();
  if (telefono) {
    return (
      <p className="mt-4 text-sm">
        ¿Dudas con tu compra? Llámanos al{' '}
        <a href={enlacesDelTelefono(telefono).llamar} className={enlaceDeSoporte}>
          <PhoneIcon className="size-3.5" aria-hidden />
          {telefono}
        </a>
      </p>
    );
  }
  if (email) {
    return (
      <p className="mt-4 text-sm">
        ¿Dudas con tu compra? Escríbenos a{' '}
        <a href={`mailto:${email}`} className={`${enlaceDeSoporte} [overflow-wrap:anywhere]`}>
          {email}
        </a>
      </p>
    );
  }
  return null;
}

/** Where to go from the result: the orders, or the marketplace. */
function AccionesDelResultado() {
  return (
    <div className="mt-6 grid w-full gap-2 sm:w-auto sm:grid-cols-2">
      <Button asChild variant="outline">
        <Link to="/my-orders">
          <PackageIcon aria-hidden />
          Ver mis pedidos
        </Link>
      </Button>
      <Button asChild>
        <Link to="/">
          <HomeIcon aria-hidden />
          Volver al inicio
        </Link>
      </Button>
    </div>
  );
}
