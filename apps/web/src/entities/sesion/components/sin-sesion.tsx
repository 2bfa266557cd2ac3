import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionEndedOn } from '@/lib/session/session-token';
import { IrAlLogin } from './ir-al-login';

/**
 * Whether this screen opened with a session that has ended since: a logout, an expired
 * session, or a logout in another tab. Call it on every render, with the stored token. A
 * session that ended while this screen's code was still loading counts too: it first renders
 * without a token.
 */
export function useSesionTerminada(token: string | null): boolean {
  const { pathname } = useLocation();
  const [tuvoSesion, setTuvoSesion] = useState(token !== null);
  if (token !== null && !tuvoSesion) setTuvoSesion(true);
  return token === null && (tuvoSesion || sessionEndedOn(pathname));
}

/**
 * An orders, payments or delivery screen without a session. Opened without one: /login, and
 * back here afterwards (spec part 2, section 2). A session that ended while it was open: /,
 * where logout and an expired session go (spec part 1, sections 2, 4 and 8); the screen sees
 * the token gone before the router's own move to / (a transition) lands, and sending it to
 * /login then would win.
 */
export function SinSesion({ terminada }: { terminada: boolean }) {
  return terminada ? <Navigate to="/" replace /> : <IrAlLogin />;
}
