import { ClipboardListIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MyOrdersRoute() {
  return <PlaceholderPage title="Mis Pedidos" icon={ClipboardListIcon} />;
}
