import { StoreIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function StoreRoute() {
  return <PlaceholderPage title="Tienda" icon={StoreIcon} />;
}
