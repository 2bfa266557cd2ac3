import { iniciarVinculacionResponseSchema } from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const VINCULACION_NO_INICIADA = 'No se pudo iniciar la vinculación con Mercado Pago';

/** Only a web address may receive the browser (never `javascript:` or a relative path). */
function direccionWeb(authUrl: string): string | null {
  try {
    const url = new URL(authUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/oauth/mercadopago/iniciar/{userId}: where Mercado Pago asks the seller to authorize
 * the link. Resolves with that address; an answer without one is a failure too
 * ('No se pudo iniciar la vinculación con Mercado Pago', spec part 2, section 8).
 */
async function iniciarVinculacion(usuarioId: string): Promise<string> {
  const { authUrl } = await api.get(`/api/oauth/mercadopago/iniciar/${usuarioId}`, {
    schema: iniciarVinculacionResponseSchema,
  });
  const destino = direccionWeb(authUrl);
  if (!destino) throw new Error(VINCULACION_NO_INICIADA);
  return destino;
}

export function useIniciarVinculacion(usuarioId: string) {
  return useMutation({
    mutationFn: () => iniciarVinculacion(usuarioId),
    meta: {
      errorTitle: VINCULACION_NO_INICIADA,
      errorMessage: 'Inténtalo de nuevo en unos minutos.',
    },
  });
}
