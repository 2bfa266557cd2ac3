import { type RegistrarRequest, registrarResponseSchema } from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ERROR_INESPERADO } from '@/lib/query-client';

/** POST /api/usuario/registrar: creates the account (it does not log in). */
function registrar(body: RegistrarRequest) {
  return api.post('/api/usuario/registrar', body, {
    auth: false,
    schema: registrarResponseSchema,
  });
}

/**
 * A failure shows the server's message under 'Error al registrar usuario' (the screen) or
 * 'Error al crear cuenta' (the dialog, which adds the address), from query-client.ts.
 */
export function useRegistrar({ conDireccion = false }: { conDireccion?: boolean } = {}) {
  return useMutation({
    mutationFn: registrar,
    meta: conDireccion
      ? { errorTitle: 'Error al crear cuenta', errorMessage: ERROR_INESPERADO }
      : { errorTitle: 'Error al registrar usuario' },
  });
}
