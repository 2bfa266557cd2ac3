import { TruckIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function DeliveryOrdersRoute() {
  return <PlaceholderPage title="Pedidos" icon={TruckIcon} />;
}
