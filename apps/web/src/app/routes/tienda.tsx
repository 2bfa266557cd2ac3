import { useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { ProductoCard } from '@/features/producto/components/producto-card';
import {
  esTiendaNoEncontrada,
  useTiendaConProductos,
} from '@/features/tienda/api/get-tienda-con-productos';
import { TiendaNoEncontrada } from '@/features/tienda/components/tienda-page/tienda-no-encontrada';
import { TiendaPage } from '@/features/tienda/components/tienda-page/tienda-page';
import { TiendaPageSkeleton } from '@/features/tienda/components/tienda-page/tienda-page-skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';

/** /store/{tiendaId}: the store page (spec part 2, section 2). */
export function TiendaRoute() {
  const { tiendaId = '' } = useParams();
  const { data: tienda, error, isError, errorUpdatedAt, refetch } = useTiendaConProductos(tiendaId);
  const noEncontrada = isError && esTiendaNoEncontrada(error);

  useDocumentTitle(noEncontrada ? 'Tienda no encontrada' : (tienda?.nombre ?? 'Tienda'));

  // A missing tienda has its own view instead.
  useErrorToast(
    isError && !noEncontrada ? errorUpdatedAt : 0,
    'Error al cargar la tienda',
    'Revisa tu conexión e inténtalo de nuevo',
  );

  if (noEncontrada) return <TiendaNoEncontrada />;
  if (isError) {
    return (
      <ErrorView title="Error al cargar la tienda" onRetry={() => void refetch()}>
        No pudimos cargar la tienda. Revisa tu conexión e inténtalo de nuevo.
      </ErrorView>
    );
  }
  if (!tienda) return <TiendaPageSkeleton />;
  return (
    <TiendaPage
      tienda={tienda}
      renderProducto={(producto, primero) => (
        <ProductoCard producto={producto} headingLevel="h4" imagenPrioritaria={primero} />
      )}
    />
  );
}
