import { Link2Icon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MercadopagoCallbackRoute() {
  return <PlaceholderPage title="Vinculando Mercado Pago" icon={Link2Icon} />;
}
