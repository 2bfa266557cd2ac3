import { type Producto, productosDelVendedorResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { misProductosKeys } from './mis-productos-keys';

/**
 * GET /api/producto/vendedor/{userId}: the seller's products that were not withdrawn, newest
 * first (on sale or not).
 */
export function productosDelVendedorQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: misProductosKeys.productos(usuarioId),
    queryFn: ({ signal }): Promise<Producto[]> =>
      api.get(`/api/producto/vendedor/${usuarioId}`, {
        schema: productosDelVendedorResponseSchema,
        signal,
      }),
  });
}

export function useProductosDelVendedor(usuarioId: string) {
  return useQuery(productosDelVendedorQueryOptions(usuarioId));
}
