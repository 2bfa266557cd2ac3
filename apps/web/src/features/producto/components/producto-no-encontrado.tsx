import { PackageSearchIcon } from 'lucide-react';
import { NotFoundView } from '@/components/not-found-view';

/** A product that does not exist (spec part 2, section 2): 'Producto no encontrado'. */
export function ProductoNoEncontrado() {
  return (
    <NotFoundView icon={PackageSearchIcon} title="Producto no encontrado">
      El producto que buscas no existe o ya no está disponible. Vuelve al inicio para descubrir
      otras tiendas y compras grupales.
    </NotFoundView>
  );
}
