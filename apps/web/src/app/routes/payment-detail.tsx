import { ReceiptTextIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function PaymentDetailRoute() {
  return <PlaceholderPage title="Detalle del pago" icon={ReceiptTextIcon} />;
}
