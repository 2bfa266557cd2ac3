import { PackagePlusIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function ProductFormRoute() {
  return <PlaceholderPage title="Cargar Producto" icon={PackagePlusIcon} />;
}
