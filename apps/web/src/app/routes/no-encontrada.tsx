import { CompassIcon } from 'lucide-react';
import { NotFoundView } from '@/components/not-found-view';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Any path outside the route table (spec part 1, section 2): 404 with a link to /. */
export function NoEncontradaRoute() {
  useDocumentTitle('Página no encontrada');

  return (
    <NotFoundView icon={CompassIcon} title="Página no encontrada" code="404">
      La página que buscas no existe o cambió de dirección. Revisa el enlace o vuelve al inicio para
      seguir explorando tiendas.
    </NotFoundView>
  );
}
