import {
  type ClientToServerEvents,
  CODIGOS_SOCKET,
  CODIGOS_SOCKET_QUE_DESCONECTAN,
  CONSTANTES,
  LIMITES_SOCKET,
  roomEvents,
  rooms,
  type ServerToClientEvents,
  type serverToClientSchemas,
} from '@compra-grupal/contracts';
import { io, type Socket } from 'socket.io-client';
import { toast } from '@/components/ui/toast';
import { SIN_CONEXION_AVISO_MS } from '@/config/ui';
import { renewAccessToken } from './api-client';
import { marcarSinConexion } from './estado-conexion';
import { sessionEvents } from './session/session-events';
import { getStoredItem } from './storage-keys';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The server refuses a handshake whose token is invalid or expired with this message. */
export const TOKEN_INVALIDO = CODIGOS_SOCKET.tokenInvalido;

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
 * - logout drops the connection (the next page load opens it anonymously);
 * - an `errorSocket` is only logged; after one that drops the connection (a cap was
 *   exceeded, which the app never does in normal use) it does not reconnect on its own, so a
 *   bug cannot turn into a reconnection loop; the next login or page load connects again.
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

    /** The server announced it is dropping this socket for exceeding a cap. */
    let dropped = false;
    const offErrorSocket = onServerEvent(socket, 'errorSocket', ({ code, mensaje }) => {
      console.warn(`Tiempo real: ${mensaje} (${code})`);
      if (CODIGOS_SOCKET_QUE_DESCONECTAN.includes(code)) dropped = true;
    });

    const onDisconnect = (reason: Socket.DisconnectReason) => {
      // After any server event still being parsed: an errorSocket that came first decides.
      inArrivalOrder(() => {
        // Other reasons reconnect on their own (reconnection attempts).
        if (reason === 'io server disconnect' && !dropped) socket.connect();
        dropped = false;
      });
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
      offErrorSocket();
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
 * credentials included. It never stops reconnecting (an outage of any length ends with the
 * connection back): socket.io's own backoff, 1 s doubled up to 10 s, each wait moved at random
 * by up to half (every client of a restarted server does not return in the same instant).
 * `auth` is a function so every (re)connection reads the current token. Created closed.
 */
export function createAppSocket(auth: (callback: (data: HandshakeAuth) => void) => void) {
  const socket: AppSocket = io({
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    withCredentials: true,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: CONSTANTES.reconexionDemoraMs,
    reconnectionDelayMax: CONSTANTES.reconexionDemoraMaxMs,
    randomizationFactor: CONSTANTES.reconexionAleatoriedad,
    auth,
  });
  return socket;
}

type EventSchemas = typeof serverToClientSchemas;

/**
 * The event schemas (and zod) load with the first server event, not with the page: a shopper
 * who only browses hears none. Until they have loaded, events wait in one queue, and so do the
 * reactions that must follow them (a disconnect after an errorSocket), in arrival order.
 */
let eventSchemas: EventSchemas | null = null;
let queue: Promise<void> = Promise.resolve();
let queued = 0;

async function loadEventSchemas(): Promise<EventSchemas> {
  eventSchemas ??= (await import('./socket-schemas')).serverToClientSchemas;
  return eventSchemas;
}

function enqueue(task: () => Promise<void> | void): void {
  queued += 1;
  queue = queue
    .then(task)
    .catch((error: unknown) => console.error('Tiempo real: no se pudo procesar un evento', error))
    .finally(() => {
      queued -= 1;
    });
}

/** Runs `task` now, or after the events still waiting for their schemas. */
function inArrivalOrder(task: () => void): void {
  if (queued === 0) task();
  else enqueue(task);
}

/** Runs `task` with the schemas, now if they have loaded and nothing waits, else in turn. */
function withEventSchemas(task: (schemas: EventSchemas) => void): void {
  if (eventSchemas && queued === 0) task(eventSchemas);
  else enqueue(async () => task(await loadEventSchemas()));
}

/** Loads the event schemas ahead of the first event (tests, or a screen about to listen). */
export function preloadEventSchemas(): Promise<unknown> {
  return loadEventSchemas();
}

/**
 * Listens to a server event with its payload parsed by the contract; a payload that does not
 * match is logged and dropped. Returns the function that stops listening (an event still
 * waiting for the schemas is then dropped too).
 */
export function onServerEvent<E extends keyof ServerToClientEvents>(
  socket: AppSocket,
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  let listening = true;
  const listener = (payload: unknown) => {
    withEventSchemas((schemas) => {
      if (!listening) return;
      const parsed = schemas[event].safeParse(payload);
      if (parsed.success) (handler as (data: unknown) => void)(parsed.data);
      else console.warn(`Tiempo real: evento ${event} con datos inesperados; se descarta`);
    });
  };
  // The listener takes the raw payload (it is parsed right here), hence the untyped socket.
  (socket as Socket).on(event as string, listener);
  return () => {
    listening = false;
    (socket as Socket).off(event as string, listener);
  };
}

export type RoomKind = keyof typeof rooms;

/** The pace the client keeps to, a little below the server's (network jitter bunches events). */
const RITMO = {
  eventosPorSegundo: LIMITES_SOCKET.eventosPorSegundo * 0.8,
  rafaga: LIMITES_SOCKET.rafagaDeEventos - 10,
};

/**
 * The rooms the app is in, kept within the server's caps:
 * - `join` returns the function that leaves; screens call it when they unmount, so only the
 *   rooms of what is on screen are held (several screens may hold the same room: it is left
 *   when the last one lets go);
 * - at most LIMITES_SOCKET.salasPorSocket rooms; beyond that a join is logged and skipped;
 * - after every (re)connection all held rooms are joined again (the server forgets them);
 * - join and leave events go out at most at the server's pace; a leave and a join of the same
 *   room that are both still waiting cancel out (React's development double mount).
 */
export function createRoomSubscriptions(
  socket: AppSocket,
  { now = () => performance.now() }: { now?: () => number } = {},
) {
  const held = new Map<string, { kind: RoomKind; id: string; count: number }>();
  /** Join or leave events not yet sent, by room, in order. */
  const pending = new Map<string, { intent: 'join' | 'leave'; kind: RoomKind; id: string }>();
  let tokens = RITMO.rafaga;
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    timer = undefined;
    if (!socket.connected) return;
    const at = now();
    tokens = Math.min(RITMO.rafaga, tokens + ((at - last) * RITMO.eventosPorSegundo) / 1000);
    last = at;
    for (const [room, { intent, kind, id }] of pending) {
      if (tokens < 1) break;
      pending.delete(room);
      tokens -= 1;
      socket.emit(roomEvents[kind][intent], id);
    }
    if (pending.size > 0) {
      timer = setTimeout(flush, Math.ceil(((1 - tokens) * 1000) / RITMO.eventosPorSegundo));
    }
  }

  function schedule(intent: 'join' | 'leave', kind: RoomKind, id: string): void {
    const room = rooms[kind](id);
    // Opposite intents on the same room, both unsent, cancel out (joins and leaves of a room
    // alternate).
    if (pending.has(room)) pending.delete(room);
    else pending.set(room, { intent, kind, id });
    if (timer === undefined) flush();
  }

  const onConnect = () => {
    pending.clear();
    for (const [room, { kind, id }] of held) pending.set(room, { intent: 'join', kind, id });
    if (timer !== undefined) clearTimeout(timer);
    flush();
  };
  const onDisconnect = () => {
    // The server forgets every room of a closed connection; onConnect sends them again.
    pending.clear();
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);

  function join(kind: RoomKind, id: string): () => void {
    const room = rooms[kind](id);
    const entry = held.get(room);
    if (entry) {
      entry.count += 1;
    } else if (held.size >= LIMITES_SOCKET.salasPorSocket) {
      console.warn(`Tiempo real: ya hay ${held.size} salas abiertas; no se abre ${room}`);
      return () => undefined;
    } else {
      held.set(room, { kind, id, count: 1 });
      if (socket.connected) schedule('join', kind, id);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = held.get(room);
      if (!current) return;
      current.count -= 1;
      if (current.count > 0) return;
      held.delete(room);
      if (socket.connected) schedule('leave', kind, id);
    };
  }

  function detach(): void {
    if (timer !== undefined) clearTimeout(timer);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
  }

  return { join, detach, heldRooms: () => [...held.keys()] };
}

interface Realtime {
  socket: AppSocket;
  rooms: ReturnType<typeof createRoomSubscriptions>;
}

/** A public room: a group, store or product page's. */
export interface RoomRef {
  kind: RoomKind;
  id: string;
}

/**
 * Holds `room` (when given; private events need none: the server puts a signed-in socket in
 * its user's room) and hears `event` there, parsed with the contract. Returns the function
 * that stops listening and lets the room go.
 */
export function listenInRoom<E extends keyof ServerToClientEvents>(
  { socket, rooms: subscriptions }: Realtime,
  room: RoomRef | null,
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  const leave = room ? subscriptions.join(room.kind, room.id) : () => undefined;
  const stopListening = onServerEvent(socket, event, handler);
  return () => {
    stopListening();
    leave();
  };
}

export interface ConnectionWatchDeps {
  /** The connection has been down `delayMs` and socket.io is still retrying. */
  onDown: () => void;
  /** The connection is back after `onDown`. */
  onBack: () => void;
  /** It stopped retrying on purpose after `onDown` (logout, a drop for a cap): not down, not back. */
  onGaveUp: () => void;
  delayMs?: number;
}

/**
 * Tells when the connection is down for good enough to say so: `delayMs` after it dropped, or
 * after a first connection failed, if it is still not connected and still retrying. A blip
 * shorter than that says nothing, and nothing is said when the app closed it itself.
 */
export function watchConnection(
  socket: AppSocket,
  { onDown, onBack, onGaveUp, delayMs = SIN_CONEXION_AVISO_MS }: ConnectionWatchDeps,
  target: Window = window,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let down = false;

  const check = () => {
    timer = undefined;
    if (socket.connected || down) return;
    if (socket.active) {
      down = true;
      onDown();
    }
  };
  const arm = () => {
    if (timer === undefined && !down && !socket.connected) timer = setTimeout(check, delayMs);
  };
  const onConnect = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!down) return;
    down = false;
    onBack();
  };
  const onStopped = () => {
    // After the app's own disconnect (logout, handled first by the session policy): nothing
    // is retrying any more.
    if (!down || socket.active) return;
    down = false;
    onGaveUp();
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', arm);
  // Every failed attempt, the first connection's included.
  socket.on('connect_error', arm);
  target.addEventListener(sessionEvents.logout, onStopped);
  arm();

  return () => {
    if (timer !== undefined) clearTimeout(timer);
    socket.off('connect', onConnect);
    socket.off('disconnect', arm);
    socket.off('connect_error', arm);
    target.removeEventListener(sessionEvents.logout, onStopped);
  };
}

/** What a person sees of the connection: the shell's notice, and a toast when it is back. */
export function showConnectionState(socket: AppSocket, target: Window = window): () => void {
  return watchConnection(
    socket,
    {
      onDown: () => marcarSinConexion(true),
      onBack: () => {
        marcarSinConexion(false);
        toast({ title: CONEXION_RESTABLECIDA });
      },
      onGaveUp: () => marcarSinConexion(false),
    },
    target,
  );
}

export const CONEXION_RESTABLECIDA = 'Conexión restablecida';

/**
 * Calls the handlers given on every connection but the socket's first: its rooms are joined
 * again (createRoomSubscriptions), but what was sent while it was down is lost, so screens
 * reload what they show. A screen that mounted while the connection was down is told too.
 */
export function createReconnectSignal(socket: AppSocket) {
  let connections = 0;
  const handlers = new Set<() => void>();
  const onConnect = () => {
    connections += 1;
    if (connections === 1) return;
    for (const handler of [...handlers]) handler();
  };
  socket.on('connect', onConnect);
  return {
    onReconnect(handler: () => void): () => void {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    detach: () => socket.off('connect', onConnect),
  };
}

let app: (Realtime & { reconnects: ReturnType<typeof createReconnectSignal> }) | null = null;

function realtime() {
  if (app) return app;
  const policy = createSessionPolicy({ renewToken: renewAccessToken });
  const socket = createAppSocket(policy.auth);
  policy.attach(socket);
  app = {
    socket,
    rooms: createRoomSubscriptions(socket),
    reconnects: createReconnectSignal(socket),
  };
  showConnectionState(socket);
  socket.connect();
  return app;
}

/** Opens the app's realtime connection (once, at load) and returns it. */
export function startRealtime(): AppSocket {
  return realtime().socket;
}

/**
 * Calls `handler` each time the app's connection comes back (createReconnectSignal): screens
 * reload what they show.
 */
export function onRealtimeReconnect(handler: () => void): () => void {
  return realtime().reconnects.onReconnect(handler);
}

/** `listenInRoom` on the app's connection; `useRealtimeEvent` is the way screens use it. */
export function subscribeRealtime<E extends keyof ServerToClientEvents>(
  room: RoomRef | null,
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  return listenInRoom(realtime(), room, event, handler);
}
