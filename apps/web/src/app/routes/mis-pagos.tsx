import { PantallaDelUsuario } from '@/entities/sesion/components/pantalla-del-usuario';
import { MisPagos } from '@/features/pagos/components/mis-pagos';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /my-payments (spec part 2, section 2): Mis Pagos; without a token, /login; a session ended here, /. */
export function MisPagosRoute() {
  useDocumentTitle('Mis Pagos');
  return (
    <PantallaDelUsuario noSePudoAbrir="No pudimos abrir tus pagos">
      {(usuarioId) => <MisPagos key={usuarioId} usuarioId={usuarioId} />}
    </PantallaDelUsuario>
  );
}
