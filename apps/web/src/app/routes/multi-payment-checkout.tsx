import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { vaciarCarrito } from '@/features/carrito/stores/carrito-store';
import { lanzarConfeti } from '@/features/checkout/lib/confeti';
import { CompletaTusPagos } from '@/features/pagos/components/completa-tus-pagos';
import { IrAlLogin } from '@/features/pagos/components/ir-al-login';
import { SinPedidoId } from '@/features/pagos/components/sin-pedido-id';
import { TEXTOS_PAGOS } from '@/features/pagos/lib/textos';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/**
 * /multi-payment-checkout?pedidoId={id}[&paymentSuccess=true] (spec part 2, section 2):
 * 'Completa tus Pagos'. The route composes the payments feature with the cart (emptied on the
 * way to the provider) and the checkout's confetti. Back from the provider with
 * paymentSuccess=true it shows '¡Pago exitoso!' with confetti once and removes the parameter
 * from the address, replacing the history entry.
 */
export function MultiPaymentCheckoutRoute() {
  useDocumentTitle(TEXTOS_PAGOS.titulo);
  const { token } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const pedidoId = searchParams.get('pedidoId');
  // Read once: the message stays after the parameter leaves the address.
  const [pagoExitoso] = useState(() => searchParams.get('paymentSuccess') === 'true');
  const celebrado = useRef(false);

  useEffect(() => {
    if (!token || !pagoExitoso || celebrado.current) return;
    celebrado.current = true;
    toast({
      title: TEXTOS_PAGOS.pagoExitoso,
      description: 'Recibimos tu pago. Actualizamos el estado de tu pedido.',
    });
    void lanzarConfeti();
    setSearchParams(
      (actuales) => {
        const siguientes = new URLSearchParams(actuales);
        siguientes.delete('paymentSuccess');
        return siguientes;
      },
      { replace: true },
    );
  }, [token, pagoExitoso, setSearchParams]);

  if (!token) return <IrAlLogin />;
  if (!pedidoId) return <SinPedidoId />;
  return (
    <CompletaTusPagos
      key={pedidoId}
      pedidoId={pedidoId}
      pagoExitoso={pagoExitoso}
      onIrAPagar={(initPoint) => {
        vaciarCarrito();
        window.location.assign(initPoint);
      }}
    />
  );
}
