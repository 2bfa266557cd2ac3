import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';
import { useSession } from './use-session';

describe('useSession', () => {
  it("has no user and 'No se encontró el token de acceso' without a token", () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({
      token: null,
      usuarioId: null,
      error: 'No se encontró el token de acceso',
    });
  });

  it('decodes the usuarioId of the stored token and follows authChange', () => {
    const { result } = renderHook(() => useSession());
    const token = makeToken();
    act(() => {
      storeToken(token);
    });
    expect(result.current).toEqual({ token, usuarioId: USER_ID, error: null });
  });

  it("says 'Error al decodificar el token' for a token that is not a JWT", () => {
    localStorage.setItem('accessToken', 'no-es-un-jwt');
    const { result } = renderHook(() => useSession());
    expect(result.current.usuarioId).toBeNull();
    expect(result.current.error).toBe('Error al decodificar el token');
  });

  it("says 'No se pudo obtener el ID del usuario del token' without a userId", () => {
    localStorage.setItem('accessToken', makeToken({ userId: null }));
    const { result } = renderHook(() => useSession());
    expect(result.current.usuarioId).toBeNull();
    expect(result.current.error).toBe('No se pudo obtener el ID del usuario del token');
  });
});
