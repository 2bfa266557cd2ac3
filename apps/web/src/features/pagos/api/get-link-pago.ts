import { linkPagoResponseSchema } from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface LinkPagoVariables {
  pedidoId: string;
  tiendaId: string;
}

/**
 * GET /api/pedido/linkPago/{pedidoId}/{tiendaId} (spec part 2, section 7): the provider's
 * checkout URL (`init_point`) for one seller's payment. An empty URL is a failure.
 */
async function getLinkPago({ pedidoId, tiendaId }: LinkPagoVariables): Promise<string> {
  const { init_point } = await api.get(
    `/api/pedido/linkPago/${encodeURIComponent(pedidoId)}/${encodeURIComponent(tiendaId)}`,
    { schema: linkPagoResponseSchema },
  );
  if (!init_point.trim()) throw new Error('Sin link de pago');
  return init_point;
}

/** Asks for a seller's payment link; the screen sends the browser to it. */
export function useLinkPago() {
  return useMutation({ mutationFn: getLinkPago });
}
