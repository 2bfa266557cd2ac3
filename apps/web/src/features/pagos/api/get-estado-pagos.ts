import { type EstadoPagosResponse, estadoPagosResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { pagosKeys } from './pagos-keys';

/** Poll interval while some payment is pending (a missed notification still lands). */
export const INTERVALO_SONDEO_MS = 5000;

/** The server's `error` field of an answer, if it sent one. */
function errorDelServidor(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() ? error : undefined;
}

/**
 * GET /api/pedido/estadoPagos/{pedidoId} (spec part 2, section 7): the order's payments per
 * seller and their progress. An answer with an `error` field is a failure whose message is
 * that field; 403 and 404 arrive as ApiError with the server's message.
 */
async function getEstadoPagos(pedidoId: string, signal?: AbortSignal) {
  const body = await api.get<unknown>(`/api/pedido/estadoPagos/${encodeURIComponent(pedidoId)}`, {
    signal,
  });
  const error = errorDelServidor(body);
  if (error) throw new ApiError(error, { status: 200, serverMessage: error, body });
  return estadoPagosResponseSchema.parse(body);
}

/** Whether every payment of the order is approved: progress complete at 100 %. */
export function pagosCompletos(estado: Pick<EstadoPagosResponse, 'estadisticas'>): boolean {
  const { total, aprobados, porcentajeCompletado } = estado.estadisticas;
  return porcentajeCompletado >= 100 || (total > 0 && aprobados >= total);
}

export function estadoPagosQueryOptions(pedidoId: string) {
  return queryOptions({
    queryKey: pagosKeys.estado(pedidoId),
    queryFn: ({ signal }) => getEstadoPagos(pedidoId, signal),
    // A missing or foreign order stays so: only failures of the network or the server retry.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 200 && error.status < 500) && failureCount < 1,
  });
}

/**
 * The order's payment status. With `sondear`, it reads again every few seconds while some
 * part is unpaid or being credited by the provider, and stops once all are approved.
 */
export function useEstadoPagos(pedidoId: string, { sondear = false } = {}) {
  return useQuery({
    ...estadoPagosQueryOptions(pedidoId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!sondear || !data || query.state.status === 'error') return false;
      const pendiente = data.pagosPorVendedor.some(
        (pago) => pago.estadoParte === 'por_pagar' || pago.estadoParte === 'en_acreditacion',
      );
      return pendiente && !pagosCompletos(data) ? INTERVALO_SONDEO_MS : false;
    },
  });
}
