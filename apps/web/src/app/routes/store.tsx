import { useEffect } from 'react';
import { useParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { ProductoCard } from '@/features/producto/components/producto-card';
import {
  esTiendaNoEncontrada,
  useTiendaConProductos,
} from '@/features/tienda/api/get-tienda-con-productos';
import { TiendaError } from '@/features/tienda/components/store-page/tienda-error';
import { TiendaNoEncontrada } from '@/features/tienda/components/store-page/tienda-no-encontrada';
import { TiendaPage } from '@/features/tienda/components/store-page/tienda-page';
import { TiendaPageSkeleton } from '@/features/tienda/components/store-page/tienda-page-skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /store/{tiendaId}: the store page (spec part 2, section 2). */
export function StoreRoute() {
  const { tiendaId = '' } = useParams();
  const { data: tienda, error, isError, errorUpdatedAt, refetch } = useTiendaConProductos(tiendaId);
  const noEncontrada = isError && esTiendaNoEncontrada(error);

  useDocumentTitle(noEncontrada ? 'Tienda no encontrada' : (tienda?.nombre ?? 'Tienda'));

  // Once per failed load (a missing tienda has its own view instead).
  const falla = isError && !noEncontrada ? errorUpdatedAt : 0;
  useEffect(() => {
    if (falla > 0) {
      toast({
        title: 'Error al cargar la tienda',
        description: 'Revisa tu conexión e inténtalo de nuevo',
        variant: 'destructive',
      });
    }
  }, [falla]);

  if (noEncontrada) return <TiendaNoEncontrada />;
  if (isError) return <TiendaError onRetry={() => void refetch()} />;
  if (!tienda) return <TiendaPageSkeleton />;
  return (
    <TiendaPage
      tienda={tienda}
      renderProducto={(producto) => <ProductoCard producto={producto} headingLevel="h4" />}
    />
  );
}
