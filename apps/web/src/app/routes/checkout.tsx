import { ShoppingBagIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function CheckoutRoute() {
  return <PlaceholderPage title="Checkout" icon={ShoppingBagIcon} />;
}
