import { api } from '@/lib/api-client';

/** A logout never waits longer than this for the server. */
const LOGOUT_TIMEOUT_MS = 5000;

/** POST /api/usuario/logout: the server forgets the refresh cookie. */
export function logout() {
  return api.post('/api/usuario/logout', undefined, {
    auth: false,
    credentials: 'include',
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
}
