import { accessTokenResponseSchema, type LoginRequest } from '@compra-grupal/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/usuario/login: the answer holds the access token; the refresh cookie is set. */
function login(body: LoginRequest) {
  return api.post('/api/usuario/login', body, {
    auth: false,
    credentials: 'include',
    schema: accessTokenResponseSchema,
  });
}

export function useLogin() {
  // A failure: 'Error al iniciar sesión' with the server's message (query-client.ts).
  return useMutation({ mutationFn: login, meta: { errorTitle: 'Error al iniciar sesión' } });
}
