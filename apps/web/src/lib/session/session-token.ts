import { removeStoredItem, setStoredItem } from '@/lib/storage-keys';
import { notifyAuthChange, notifyLogout } from './session-events';

/**
 * Stores a new access token (login or renewal) and announces authChange: the shell, the
 * session hooks and the socket follow it.
 */
export function saveSessionToken(accessToken: string): void {
  endedOnPath = null;
  setStoredItem('accessToken', accessToken);
  notifyAuthChange();
}

/** The path of the screen this page's session ended on (logout or expiry), until the next move. */
let endedOnPath: string | null = null;

/**
 * Whether this page's session ended (a logout or an expiry) while `pathname` was the screen,
 * even if that screen's code was still loading then: it goes to /, not to /login.
 */
export function sessionEndedOn(pathname: string): boolean {
  return endedOnPath === pathname;
}

/** Called on every move: an ended session only concerns the screen it ended on. */
export function forgetEndedSessionUnless(pathname: string): void {
  if (endedOnPath !== pathname) endedOnPath = null;
}

/** Forgets the access token and announces the logout. */
export function clearSessionToken(): void {
  endedOnPath = window.location.pathname;
  removeStoredItem('accessToken');
  notifyLogout();
}
