import { WalletIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MyPaymentsRoute() {
  return <PlaceholderPage title="Mis Pagos" icon={WalletIcon} />;
}
