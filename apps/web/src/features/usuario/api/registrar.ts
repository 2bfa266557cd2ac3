import { type RegistrarRequest, registrarResponseSchema } from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/usuario/registrar: creates the account (it does not log in). */
export function registrar(body: RegistrarRequest) {
  return api.post('/api/usuario/registrar', body, {
    auth: false,
    schema: registrarResponseSchema,
  });
}

export function useRegistrar() {
  return useMutation({ mutationFn: registrar });
}
