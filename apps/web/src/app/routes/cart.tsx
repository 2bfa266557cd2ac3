import { ShoppingCartIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function CartRoute() {
  return <PlaceholderPage title="Carrito" icon={ShoppingCartIcon} />;
}
