import { StoreIcon } from 'lucide-react';
import { NotFoundView } from '@/components/not-found-view';

/** A store that does not exist or is not enabled (spec part 2, section 8). */
export function TiendaNoEncontrada() {
  return (
    <NotFoundView icon={StoreIcon} title="Tienda no encontrada">
      La tienda que buscas no existe o todavía no está habilitada. Vuelve al inicio para ver las
      tiendas de tu zona.
    </NotFoundView>
  );
}
