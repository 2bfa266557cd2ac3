import {
  type CrearPreferenciaRequest,
  crearPreferenciaResponseSchema,
  ERROR_CODES,
  tiendasSinMpSchema,
} from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { setStoredItem } from '@/lib/storage-keys';
import { CHECKOUT_TEXTOS } from '../lib/textos';

/** The order was created, but the answer has no id to pay it with. */
export class SinPedidoIdError extends Error {
  constructor() {
    super(CHECKOUT_TEXTOS.sinPedidoId);
    this.name = 'SinPedidoIdError';
  }
}

/**
 * POST /api/pago/crearPreferencia: creates the order with one payment per seller and answers
 * its id, which is kept as `currentPedidoId` so the payment screens come back to it.
 */
async function crearPreferencia(pedido: CrearPreferenciaRequest): Promise<string> {
  const respuesta = crearPreferenciaResponseSchema.safeParse(
    await api.post<unknown>('/api/pago/crearPreferencia', pedido),
  );
  if (!respuesta.success) throw new SinPedidoIdError();
  setStoredItem('currentPedidoId', respuesta.data.pedidoId);
  return respuesta.data.pedidoId;
}

export function useCrearPreferencia() {
  // The summary step says what failed itself (the stores without payments, the server's text).
  return useMutation({ mutationFn: crearPreferencia, meta: { errorToast: false } });
}

/** The names of the stores that cannot take payments yet (409 TIENDAS_SIN_MP), if that failed. */
export function tiendasSinMercadoPago(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.tiendasSinMp) return null;
  const body = error.body as { tiendasSinMP?: unknown } | null;
  const parsed = tiendasSinMpSchema.safeParse(body?.tiendasSinMP);
  return parsed.success ? parsed.data.map((tienda) => tienda.nombre) : [];
}
