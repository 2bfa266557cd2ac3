import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { clearSessionToken } from '@/lib/session/session-token';
import { usuarioKeys } from '@/lib/session/usuario-keys';
import { logout } from '../api/logout';

/**
 * Logout (spec part 1, section 2): tells the server (a failure does not stop it), clears the
 * session, sends the logout event, goes to / and shows 'Sesión cerrada'.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
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
