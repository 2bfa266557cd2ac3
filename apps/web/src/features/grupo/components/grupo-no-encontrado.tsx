import { UsersIcon } from 'lucide-react';
import { NotFoundView } from '@/components/not-found-view';

/** A group that does not exist (spec part 1, section 8): 'Grupo no encontrado'. */
export function GrupoNoEncontrado() {
  return (
    <NotFoundView icon={UsersIcon} title="Grupo no encontrado">
      El grupo que buscas no existe o el enlace está incompleto. Vuelve al inicio para descubrir
      otras tiendas y compras grupales.
    </NotFoundView>
  );
}
