import type { DatosDePaginaPublica } from '@compra-grupal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { productoQueryOptions } from '@/entities/producto/api/get-producto';
import {
  grupoConProductoQueryOptions,
  leerGrupoConProducto,
} from '@/features/grupo/api/get-grupo-con-producto';
import { tiendaConProductosQueryOptions } from '@/features/tienda/api/get-tienda-con-productos';

/**
 * Puts a public page's data where its screen reads it (its own query key), so the server draws
 * the screen with it and the browser, handed the same cache, does not ask for it again.
 */
export function sembrarDatosDePagina(queryClient: QueryClient, datos: DatosDePaginaPublica): void {
  switch (datos.pagina) {
    case 'producto':
      queryClient.setQueryData(productoQueryOptions(datos.producto._id).queryKey, datos.producto);
      return;
    case 'tienda':
      queryClient.setQueryData(
        tiendaConProductosQueryOptions(datos.tienda._id).queryKey,
        datos.tienda,
      );
      return;
    case 'grupo': {
      const grupo = leerGrupoConProducto(datos.grupo);
      queryClient.setQueryData(grupoConProductoQueryOptions(grupo.grupo._id).queryKey, grupo);
      return;
    }
    case 'inicio':
      return;
  }
}
