import { useParams } from 'react-router';
import { DetallePago } from '@/features/pagos/components/detalle-pago';
import { IrAlLogin } from '@/features/pagos/components/ir-al-login';
import { SinPedidoId } from '@/features/pagos/components/sin-pedido-id';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/** /payment-detail/{pedidoId} (spec part 2, section 2); without a token, /login. */
export function PaymentDetailRoute() {
  useDocumentTitle('Detalle del pago');
  const { token } = useSession();
  const { pedidoId } = useParams();
  if (!token) return <IrAlLogin />;
  if (!pedidoId) return <SinPedidoId />;
  return <DetallePago key={pedidoId} pedidoId={pedidoId} />;
}
