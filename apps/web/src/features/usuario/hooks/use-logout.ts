import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { clearSessionToken } from '@/lib/session/session-token';
import { usuarioKeys } from '@/lib/session/usuario-keys';
import { logout } from '../api/logout';

/**
 * Logout (spec part 1, section 2): this browser's push subscription is dropped, then the
 * server is told (a failure does not stop it), the session cleared, the logout event sent, it
 * goes to / and shows 'Sesión cerrada'.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // While the session still has its token: this browser stops receiving this person's
    // notices (docs/decisions/055), so the next one to sign in here does not get them.
    await import('@/lib/push/dispositivo')
      .then((cliente) => cliente.olvidarEsteDispositivo())
      .catch(() => undefined);
    try {
      await logout();
    } catch {
      // The local session ends anyway.
    }
    clearSessionToken();
    queryClient.removeQueries({ queryKey: usuarioKeys.all });
    navigate('/');
    toast({ title: 'Sesión cerrada', description: 'Has cerrado sesión correctamente' });
  }, [navigate, queryClient]);
}
