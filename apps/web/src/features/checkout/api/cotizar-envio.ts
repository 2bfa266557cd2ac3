import {
  type CotizarPrevioRequest,
  cotizarPrevioResponseSchema,
  type OpcionEnvio,
} from '@compra-grupal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/**
 * POST /api/envio/cotizar-previo: the shipping options from one store to the chosen address.
 * Besides the spec's fields it sends `items`, the store's cart lines: the server prices them
 * from the packages their sellers declared (the spec's `paquete` is still sent, and not used
 * for the price). A 200 with an empty list means there are none. One quote per store.
 */
export function cotizacionQueryOptions(pedido: CotizarPrevioRequest) {
  return queryOptions({
    queryKey: checkoutKeys.cotizacion(
      pedido.tiendaId,
      pedido.direccionDestinoId,
      pedido.clienteInfo.telefono,
      pedido.paquete,
      pedido.items,
    ),
    queryFn: async ({ signal }): Promise<OpcionEnvio[]> => {
      const { opciones } = await api.post('/api/envio/cotizar-previo', pedido, {
        schema: cotizarPrevioResponseSchema,
        signal,
      });
      return opciones;
    },
    // A quote is good for a few minutes; the server quotes again when the order is created.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
