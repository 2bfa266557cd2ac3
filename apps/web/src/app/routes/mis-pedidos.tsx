import { PantallaDelUsuario } from '@/entities/sesion/components/pantalla-del-usuario';
import { MisPedidos } from '@/features/pedidos/components/mis-pedidos';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /my-orders (spec part 2, section 2): Mis Pedidos; without a token, /login (section 2); a session ended here, /. */
export function MisPedidosRoute() {
  useDocumentTitle('Mis Pedidos');
  return (
    <PantallaDelUsuario noSePudoAbrir="No pudimos abrir tus pedidos">
      {(usuarioId) => <MisPedidos key={usuarioId} usuarioId={usuarioId} />}
    </PantallaDelUsuario>
  );
}
