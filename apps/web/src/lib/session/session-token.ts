import { removeStoredItem, setStoredItem } from '@/lib/storage-keys';
import { notifyAuthChange, notifyLogout } from './session-events';

/**
 * Stores a new access token (login or renewal) and announces authChange: the shell, the
 * session hooks and the socket follow it.
 */
export function saveSessionToken(accessToken: string): void {
  setStoredItem('accessToken', accessToken);
  notifyAuthChange();
}

/** Forgets the access token and announces the logout. */
export function clearSessionToken(): void {
  removeStoredItem('accessToken');
  notifyLogout();
}
