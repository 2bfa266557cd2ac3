import { StoreIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

/** Home: the marketplace (store listing) arrives in its own issue. */
export function HomeRoute() {
  return (
    <PlaceholderPage
      title="Tiendas cerca tuyo"
      icon={StoreIcon}
      description="Muy pronto vas a poder explorar las tiendas de tu zona y sumarte a compras grupales para pagar menos."
    />
  );
}
