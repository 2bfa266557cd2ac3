import { useParams } from 'react-router';
import { SinSesion, useSesionTerminada } from '@/entities/sesion/components/sin-sesion';
import { DetallePago } from '@/features/pagos/components/detalle-pago';
import { SinPedidoId } from '@/features/pagos/components/sin-pedido-id';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/** /payment-detail/{pedidoId} (spec part 2, section 2); without a token, /login; a session ended here, /. */
export function DetalleDePagoRoute() {
  useDocumentTitle('Detalle del pago');
  const { token } = useSession();
  const sesionTerminada = useSesionTerminada(token);
  const { pedidoId } = useParams();
  if (!token) return <SinSesion terminada={sesionTerminada} />;
  if (!pedidoId) return <SinPedidoId />;
  return <DetallePago key={pedidoId} pedidoId={pedidoId} />;
}
