import { CircleCheckIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function SuccessRoute() {
  return <PlaceholderPage title="Pago exitoso" icon={CircleCheckIcon} />;
}
