import { metodosDeIngresoResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const METODOS_DE_INGRESO_PATH = '/api/usuario/auth/metodos';

/** GET /api/usuario/auth/metodos: whether this server can sign in with Google. */
export const metodosDeIngresoQueryOptions = queryOptions({
  queryKey: ['usuario', 'metodos-de-ingreso'],
  queryFn: ({ signal }) =>
    api.get(METODOS_DE_INGRESO_PATH, {
      schema: metodosDeIngresoResponseSchema,
      auth: false,
      signal,
    }),
  // Server configuration: it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/** True only once the server said Google sign-in can work; unknown or failed means no. */
export function useIngresoConGoogle(): boolean {
  return useQuery(metodosDeIngresoQueryOptions).data?.google === true;
}
