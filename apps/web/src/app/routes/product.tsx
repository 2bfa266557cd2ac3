import { PackageIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function ProductRoute() {
  return <PlaceholderPage title="Producto" icon={PackageIcon} />;
}
