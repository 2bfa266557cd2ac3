import {
  type ClientToServerEvents,
  CONSTANTES,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import { io, type Socket } from 'socket.io-client';
import { renewAccessToken } from './api-client';
import { sessionEvents } from './session-events';
import { getStoredItem } from './storage-keys';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The server refuses a handshake whose token is invalid or expired with this message. */
export const TOKEN_INVALIDO = 'TOKEN_INVALIDO';

type HandshakeAuth = { token?: string };

export interface SessionPolicyDeps {
  /** Renews the access token (the api client's shared renewal). */
  renewToken: () => Promise<string>;
  readToken?: () => string | null;
}

/**
 * How the realtime connection follows the session (spec part 1, section 4):
 * - every (re)connection sends the token stored at that moment;
 * - when the server drops the socket ('io server disconnect', e.g. its token expired) it
 *   reconnects with the stored token;
 * - when the server refuses the token (TOKEN_INVALIDO) it tries one renewal through the api
 *   client; if that fails it connects anonymously and leaves ending the session to the HTTP
 *   client, which owns that decision;
 * - a renewed token or a login (authChange) reconnects so the new token is used;
 * - logout drops the connection (the next page load opens it anonymously).
 */
export function createSessionPolicy({
  renewToken,
  readToken = () => getStoredItem('accessToken'),
}: SessionPolicyDeps) {
  /** A token the server refused and renewal could not replace: not offered again. */
  let rejected: string | null = null;
  let renewalTried = false;

  function auth(callback: (data: HandshakeAuth) => void): void {
    const token = readToken();
    callback(token && token !== rejected ? { token } : {});
  }

  function attach(socket: AppSocket, target: Window = window): () => void {
    const reconnect = () => {
      socket.disconnect();
      socket.connect();
    };

    const onConnect = () => {
      renewalTried = false;
    };

    const onDisconnect = (reason: Socket.DisconnectReason) => {
      // Other reasons reconnect on their own (reconnection attempts).
      if (reason === 'io server disconnect') socket.connect();
    };

    const onConnectError = (error: Error) => {
      if (error.message !== TOKEN_INVALIDO) return;
      const token = readToken();
      if (renewalTried || !token) {
        rejected = token;
        socket.connect();
        return;
      }
      renewalTried = true;
      renewToken().then(
        () => {
          // The renewal announced authChange, which already reconnected.
          if (!socket.connected && !socket.active) socket.connect();
        },
        () => {
          rejected = token;
          socket.connect();
        },
      );
    };

    const onLogout = () => {
      socket.disconnect();
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    target.addEventListener(sessionEvents.authChange, reconnect);
    target.addEventListener(sessionEvents.logout, onLogout);

    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      target.removeEventListener(sessionEvents.authChange, reconnect);
      target.removeEventListener(sessionEvents.logout, onLogout);
    };
  }

  return { auth, attach };
}

/**
 * The realtime socket: same origin, path /socket.io/, websocket with polling fallback,
 * credentials included, 5 reconnection attempts 1 s apart. `auth` is a function so every
 * (re)connection reads the current token. Created closed.
 */
export function createAppSocket(auth: (callback: (data: HandshakeAuth) => void) => void) {
  const socket: AppSocket = io({
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    withCredentials: true,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: CONSTANTES.reconexionIntentos,
    reconnectionDelay: CONSTANTES.reconexionDemoraMs,
    reconnectionDelayMax: CONSTANTES.reconexionDemoraMs,
    randomizationFactor: 0,
    auth,
  });
  return socket;
}

let appSocket: AppSocket | null = null;

/** Opens the app's realtime connection (once, at load) and returns it. */
export function startRealtime(): AppSocket {
  if (appSocket) return appSocket;
  const policy = createSessionPolicy({ renewToken: renewAccessToken });
  appSocket = createAppSocket(policy.auth);
  policy.attach(appSocket);
  appSocket.connect();
  return appSocket;
}
