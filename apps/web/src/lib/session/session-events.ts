/**
 * Window events that announce a session change in this tab (the `storage` event only fires
 * in other tabs). Login dispatches `authChange`; logout dispatches `logout`.
 */
export const sessionEvents = {
  authChange: 'authChange',
  logout: 'logout',
} as const;

export function notifyAuthChange(): void {
  window.dispatchEvent(new Event(sessionEvents.authChange));
}

export function notifyLogout(): void {
  window.dispatchEvent(new Event(sessionEvents.logout));
}
