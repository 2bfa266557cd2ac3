import { useMemo } from 'react';
import { readAccessToken } from './access-token';
import { useAccessToken } from './use-access-token';

export interface Session {
  /** The stored access token; logged in while it exists. */
  token: string | null;
  /** The user of the token, or null when there is none or it cannot be read. */
  usuarioId: string | null;
  /**
   * Why there is no `usuarioId`: 'No se encontró el token de acceso', 'Error al decodificar el
   * token' or 'No se pudo obtener el ID del usuario del token'.
   */
  error: string | null;
}

/** The session: the stored token and the user it names (its `userId` claim; spec part 1, section 6). */
export function useSession(): Session {
  const token = useAccessToken();
  return useMemo(() => {
    const reading = readAccessToken(token);
    return reading.ok
      ? { token, usuarioId: reading.payload.userId, error: null }
      : { token, usuarioId: null, error: reading.error };
  }, [token]);
}
