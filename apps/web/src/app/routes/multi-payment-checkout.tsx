import { CreditCardIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MultiPaymentCheckoutRoute() {
  return <PlaceholderPage title="Completa tus Pagos" icon={CreditCardIcon} />;
}
