import { CircleXIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function FailureRoute() {
  return <PlaceholderPage title="Pago fallido" icon={CircleXIcon} />;
}
