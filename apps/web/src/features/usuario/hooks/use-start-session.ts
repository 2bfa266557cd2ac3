import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { saveSessionToken } from '@/lib/session/session-token';
import { getStoredItem, removeStoredItem, setStoredItem } from '@/lib/storage-keys';

/** The saved redirect target, only when it is a path of this app. */
function safePath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Reads and forgets redirectAfterAuth; '/' when there is none. */
function takeRedirectAfterAuth(): string {
  const target = safePath(getStoredItem('redirectAfterAuth'));
  removeStoredItem('redirectAfterAuth');
  return target ?? '/';
}

/** Saves where to come back after an external sign-in (Google). */
export function saveRedirectAfterAuth(path: string): void {
  const target = safePath(path);
  if (target) setStoredItem('redirectAfterAuth', target);
}

/**
 * Starts a session with a new access token: stores it, announces authChange (the shell and
 * the socket follow) and greets with '¡Bienvenido!'. With `redirect`, goes to the saved
 * redirectAfterAuth target (then forgets it) or to /, replacing the current history entry
 * when asked (the Google return).
 */
export function useStartSession() {
  const navigate = useNavigate();
  return useCallback(
    (accessToken: string, options: { redirect?: boolean; replace?: boolean } = {}) => {
      saveSessionToken(accessToken);
      toast({ title: '¡Bienvenido!', description: 'Has iniciado sesión correctamente' });
      if (options.redirect) navigate(takeRedirectAfterAuth(), { replace: options.replace });
    },
    [navigate],
  );
}
