import { toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { useCompararCodigo } from '../api/comparar-codigo';
import { TEXTOS_ENTREGA } from '../lib/textos';

/** What a failed code check says: too many tries and a delivered order in the server's words. */
function mensajeDeFallo(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 409)) {
    return error.serverMessage ?? TEXTOS_ENTREGA.codigoIncorrecto;
  }
  return TEXTOS_ENTREGA.codigoIncorrecto;
}

/** One seller's part of an order, and how the success toast names it. */
export interface ParteAConfirmar {
  pedidoId: string;
  tiendaId: string;
  /** The success toast's description ('Entregaste el pedido de …'). */
  descripcion: string;
}

/**
 * The courier confirms one seller's part with the shopper's code (spec part 2, sections 5 and
 * 8): '¡Entrega confirmada!' on success, 'Código incorrecto o error en la verificación' (or the
 * server's reason for too many tries) on failure. `ocupado` tells which part is being checked.
 */
export function useConfirmarConCodigo() {
  const comparar = useCompararCodigo();

  const confirmar = ({ pedidoId, tiendaId, descripcion }: ParteAConfirmar, codigo: string) =>
    comparar.mutate(
      { _id: pedidoId, codigo, tiendaId },
      {
        onSuccess: () =>
          toast({ title: TEXTOS_ENTREGA.entregaConfirmada, description: descripcion }),
        onError: (error) => {
          if (endedTheSession(error)) return;
          toast({ title: 'Error', description: mensajeDeFallo(error), variant: 'destructive' });
        },
      },
    );

  const ocupado = (pedidoId: string, tiendaId: string) =>
    comparar.isPending &&
    comparar.variables._id === pedidoId &&
    comparar.variables.tiendaId === tiendaId;

  return { confirmar, ocupado };
}
