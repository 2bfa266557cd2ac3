import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { SinSesion, useSesionTerminada } from '@/entities/sesion/components/sin-sesion';
import { vaciarCarrito } from '@/features/carrito/stores/carrito-store';
import { lanzarConfeti } from '@/features/checkout/lib/confeti';
import { CompletaTusPagos } from '@/features/pagos/components/completa-tus-pagos';
import { SinPedidoId } from '@/features/pagos/components/sin-pedido-id';
import { TEXTOS_PAGOS } from '@/features/pagos/lib/textos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/**
 * /multi-payment-checkout?pedidoId={id}[&paymentSuccess=true[&paymentStatus=pending]] (spec
 * part 2, section 2): 'Completa tus Pagos'. The route composes the payments feature with the
 * cart (emptied on the way to the provider) and the checkout's confetti. Back from the provider
 * with paymentSuccess=true it shows '¡Pago exitoso!' with confetti once; when /success passed
 * on that the provider left the payment pending (paymentStatus=pending) it says 'Tu pago está
 * pendiente de acreditación' instead, without confetti. Either way it removes the parameters
 * from the address, replacing the history entry.
 */
export function PagosDelPedidoRoute() {
  useDocumentTitle(TEXTOS_PAGOS.titulo);
  const { token } = useSession();
  const sesionTerminada = useSesionTerminada(token);
  const [searchParams, setSearchParams] = useSearchParams();
  const pedidoId = searchParams.get('pedidoId');
  // Read once: the message stays after the parameter leaves the address.
  const [pagoExitoso] = useState(() => searchParams.get('paymentSuccess') === 'true');
  const [pagoPendiente] = useState(() => searchParams.get('paymentStatus') === 'pending');
  const celebrado = useRef(false);

  useEffect(() => {
    if (!token || !pagoExitoso || celebrado.current) return;
    celebrado.current = true;
    if (pagoPendiente) {
      toast({
        title: TEXTOS_PAGOS.pagoPendiente,
        description: 'Te avisamos cuando Mercado Pago lo confirme. No hace falta pagar de nuevo.',
      });
    } else {
      toast({
        title: TEXTOS_PAGOS.pagoExitoso,
        description: 'Recibimos tu pago. Actualizamos el estado de tu pedido.',
      });
      void lanzarConfeti();
    }
    setSearchParams(
      (actuales) => {
        const siguientes = new URLSearchParams(actuales);
        siguientes.delete('paymentSuccess');
        siguientes.delete('paymentStatus');
        return siguientes;
      },
      { replace: true },
    );
  }, [token, pagoExitoso, pagoPendiente, setSearchParams]);

  if (!token) return <SinSesion terminada={sesionTerminada} />;
  if (!pedidoId) return <SinPedidoId />;
  return (
    <CompletaTusPagos
      key={pedidoId}
      pedidoId={pedidoId}
      pagoExitoso={pagoExitoso}
      pagoPendiente={pagoPendiente}
      onIrAPagar={(initPoint) => {
        vaciarCarrito();
        window.location.assign(initPoint);
      }}
    />
  );
}
