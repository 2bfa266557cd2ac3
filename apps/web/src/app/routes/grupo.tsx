import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  useAgregarAlCarrito,
  useUnidadesQueQuedan,
} from '@/features/carrito/hooks/use-agregar-al-carrito';
import { useCarrito } from '@/features/carrito/stores/carrito-store';
import {
  esGrupoNoEncontrado,
  useGrupoConProducto,
} from '@/features/grupo/api/get-grupo-con-producto';
import { GrupoPagina, type ProductoDelGrupo } from '@/features/grupo/components/grupo-pagina';
import { useLoginDialog } from '@/features/usuario/components/login-dialog-provider';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session/use-session';

/** The cart's checkout view: the cart summary, a drawer on phones (/cart?resumen=1). */
const CHECKOUT = '/cart?resumen=1';

/**
 * /group/{groupId} (spec part 1, sections 2 and 4). The route composes the group page with the
 * login dialog (a visitor who joins) and the cart (joining puts the product in it with this
 * group, then the checkout view opens).
 */
export function GrupoRoute() {
  const { groupId = '' } = useParams();
  const { usuarioId } = useSession();
  const { openLoginDialog } = useLoginDialog();
  const agregar = useAgregarAlCarrito();
  const navigate = useNavigate();
  const lineas = useCarrito();
  const { data, error, isError } = useGrupoConProducto(groupId);
  const quedan = useUnidadesQueQuedan(data?.producto);

  useDocumentTitle(
    isError && esGrupoNoEncontrado(error)
      ? 'Grupo no encontrado'
      : data
        ? `Grupo: ${data.producto.nombre}`
        : 'Detalle del Grupo',
  );

  const onAgregar = useCallback(
    (producto: ProductoDelGrupo, cantidad: number) => {
      if (agregar(producto, cantidad, groupId)) navigate(CHECKOUT);
    },
    [agregar, groupId, navigate],
  );

  return (
    <GrupoPagina
      key={groupId}
      grupoId={groupId}
      usuarioId={usuarioId}
      onIniciarSesion={openLoginDialog}
      onAgregar={onAgregar}
      stockDisponible={quedan}
      carritoPendiente={usuarioId !== null && lineas.some((linea) => linea.grupoId === groupId)}
      onCompletar={() => navigate(CHECKOUT)}
    />
  );
}
