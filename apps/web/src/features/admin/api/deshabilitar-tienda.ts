import { tiendaRevisadaResponseSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/tiendas/{tiendaId}/deshabilitar: the store leaves the marketplace; the reason,
 * when given, is told to its seller (docs/decisions/042).
 */
export function useDeshabilitarTienda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tiendaId, motivo }: { tiendaId: string; motivo: string }) =>
      api.post(
        `/api/admin/tiendas/${tiendaId}/deshabilitar`,
        motivo.trim() ? { motivo: motivo.trim() } : undefined,
        { schema: tiendaRevisadaResponseSchema },
      ),
    meta: {
      errorTitle: 'No se pudo deshabilitar la tienda',
      errorMessage: 'Revisa tu conexión e inténtalo de nuevo.',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.tiendas() }),
  });
}
