import {
  type ClientToServerEvents,
  CODIGOS_SOCKET,
  clientToServerSchemas,
  type ErrorSocket,
  LIMITES_SOCKET,
  roomEvents,
  rooms,
  type ServerToClientEvents,
  socketAuthSchema,
  userRoom,
} from '@compra-grupal/contracts';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { RealtimeFanOut } from '../adapters/realtime/fan-out-from-config';
import type { AccessTokens } from '../modules/usuario/access-token';
import { createClientAddress } from './client-address';
import type { RealtimePort } from './realtime.port';

interface SocketData {
  /** Set when the client connected with a valid access token. */
  usuarioId?: string;
  /** When that token expires (seconds since the epoch). */
  exp?: number;
}

/** What one node tells the others through the fan-out adapter (`serverSideEmit`). */
interface InterServerEvents {
  /** Events reached these rooms: the pages a node keeps drawn of them are stale. */
  salasCambiadas: (salas: string[]) => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** The message of the connect_error a client gets for a forged or expired token. */
const TOKEN_INVALIDO = CODIGOS_SOCKET.tokenInvalido;

/** Anonymous connections open at once from one address. */
export const MAX_CONEXIONES_ANONIMAS_POR_IP = 20;
/**
 * Connections open at once from one address, anonymous and signed-in together: signed-in
 * users get more room (an office or a household behind one address, several tabs each).
 */
const MAX_CONEXIONES_POR_IP = 100;
/** Largest message a client may send (client events are an id or two). */
export const MAX_BYTES_POR_MENSAJE = 16 * 1024;
/** A client that opened a transport but did not join the namespace by then is dropped. */
const ESPERA_DE_CONEXION_MS = 10_000;

/** Spanish messages of the errorSocket event, by code. */
export const MENSAJES_SOCKET: Record<ErrorSocket['code'], string> = {
  EVENTO_INVALIDO: 'El evento no tiene el formato esperado y se ignoró.',
  DEMASIADOS_EVENTOS_INVALIDOS: 'Se recibieron demasiados eventos inválidos. Se cerró la conexión.',
  DEMASIADOS_EVENTOS: 'Se recibieron demasiados eventos en poco tiempo. Se cerró la conexión.',
  DEMASIADAS_SALAS: `Se superó el máximo de ${LIMITES_SOCKET.salasPorSocket} salas por conexión. Se cerró la conexión.`,
};

/**
 * socket.io on the same HTTP server at /socket.io/ (websocket with polling fallback).
 * Anonymous clients are welcome (public rooms); a client that sends `auth.token` must send a
 * valid one, and is disconnected when it expires so that it reconnects with a renewed one.
 * Clients join and leave the public rooms of groups, stores and products; a signed-in socket
 * is put in its user's private room (`userRoom`), which no client event can join.
 *
 * Abuse is bounded: connections per address (refused with connect_error
 * DEMASIADAS_CONEXIONES), message size, events per second, rooms per socket, and malformed or
 * unknown events (see LIMITES_SOCKET). Every event is parsed with its contract schema; a
 * malformed one is answered with `errorSocket` and ignored, and a socket beyond a cap is told
 * why with `errorSocket` and dropped. Returns the port services use to emit.
 */
export function attachRealtime(
  app: FastifyInstance,
  accessTokens: AccessTokens,
  fanOut: RealtimeFanOut,
): { io: RealtimeServer; port: RealtimePort } {
  const io: RealtimeServer = new Server(app.server, {
    adapter: fanOut.adapter,
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    serveClient: false,
    maxHttpBufferSize: MAX_BYTES_POR_MENSAJE,
    connectTimeout: ESPERA_DE_CONEXION_MS,
  });
  const clientAddress = createClientAddress(app.config.TRUST_PROXY);

  io.use(async (socket, next) => {
    const auth = socketAuthSchema.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) return next(new Error(TOKEN_INVALIDO));
    const token = auth.data.token;
    if (token === undefined || token === null || token === '') return next();
    try {
      const { userId: usuarioId, exp } = await accessTokens.verify(token);
      socket.data.usuarioId = usuarioId;
      socket.data.exp = exp;
      next();
    } catch {
      next(new Error(TOKEN_INVALIDO));
    }
  });

  // Last middleware, so that a refused token never takes a slot. The places are counted in
  // the app's limiter store, so an address's connections count on every node together.
  io.use(async (socket, next) => {
    const conn = socket.client.conn;
    // The transport closed while the token was checked: socket.io drops it, nothing to count.
    if (conn.readyState !== 'open') return next();
    const address = clientAddress(
      socket.handshake.address,
      socket.handshake.headers['x-forwarded-for'],
    );
    const slots = [{ key: `conexiones:total:${address}`, max: MAX_CONEXIONES_POR_IP }];
    if (socket.data.usuarioId === undefined) {
      slots.push({ key: `conexiones:anonimas:${address}`, max: MAX_CONEXIONES_ANONIMAS_POR_IP });
    }
    // The store falls back to this node's memory when the shared one fails; a failure even
    // there refuses the connection rather than leaving the promise unhandled.
    const lease = await app.limiterStore.acquire(slots).catch((error: unknown) => {
      app.log.error({ err: error }, 'no se pudo contar una conexión de tiempo real');
      return undefined;
    });
    if (!lease) return next(new Error(CODIGOS_SOCKET.demasiadasConexiones));
    const release = () => {
      conn.off('close', release);
      lease.release().catch((error: unknown) => {
        app.log.warn({ err: error }, 'no se pudo liberar una conexión de tiempo real; vence sola');
      });
    };
    // The transport closed while the place was taken: nothing will fire for it any more.
    if (conn.readyState !== 'open') {
      release();
      return next();
    }
    // Released once (the lease ignores a second call): when the socket disconnects, or when
    // the transport closes before the socket ever connected (then 'disconnect' never fires).
    socket.once('disconnect', release);
    conn.once('close', release);
    next();
  });

  io.on('connection', (socket) => {
    if (socket.data.usuarioId !== undefined) void socket.join(userRoom(socket.data.usuarioId));
    if (socket.data.exp !== undefined) {
      const expiresIn = socket.data.exp * 1000 - Date.now();
      const timer = setTimeout(() => socket.disconnect(true), Math.min(expiresIn, 2 ** 31 - 1));
      socket.once('disconnect', () => clearTimeout(timer));
    }
    const guard = guardEvents(socket);

    const join = (room: string) => {
      if (socket.rooms.has(room)) return;
      // socket.rooms holds the socket's own room, and its user's room when signed in.
      const privadas = socket.data.usuarioId === undefined ? 1 : 2;
      if (socket.rooms.size - privadas >= LIMITES_SOCKET.salasPorSocket) {
        drop(socket, CODIGOS_SOCKET.demasiadasSalas);
        return;
      }
      void socket.join(room);
    };
    for (const kind of ['grupo', 'tienda', 'producto'] as const) {
      const { join: joinEvent, leave: leaveEvent } = roomEvents[kind];
      onParsed(socket, guard, joinEvent, (id) => join(rooms[kind](id)));
      onParsed(socket, guard, leaveEvent, (id) => void socket.leave(rooms[kind](id)));
    }
  });

  // Fastify waits for requests in flight before its onClose hooks, and a long-polling client
  // always has one open (until the next ping, 25 s): the transports close first. Closing the
  // transport (not disconnecting the socket) is what makes any socket.io client reconnect on
  // its own, with its randomized backoff: after a drain, to another node.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await fanOut.listening();
    await io.close();
    await fanOut.close();
  });

  return {
    io,
    port: {
      emitToRoom: (room, event, ...args) => {
        io.to(room).emit(event, ...args);
      },
      nodos: () => io.of('/').adapter.serverCount(),
      avisarSalasCambiadas: (salas) => {
        // A single process has no one to tell (its in-process adapter only warns).
        if (fanOut.adapter) io.serverSideEmit('salasCambiadas', salas);
      },
      alCambiarSalasEnOtroNodo: (escuchar) => {
        io.on('salasCambiadas', escuchar);
      },
    },
  };
}

/** Tells the socket why and closes its connection (after the message is flushed). */
function drop(socket: RealtimeSocket, code: ErrorSocket['code']): void {
  if (!socket.connected) return;
  socket.emit('errorSocket', { code, mensaje: MENSAJES_SOCKET[code] });
  socket.disconnect(true);
}

const knownEvents = new Set<unknown>(Object.keys(clientToServerSchemas));

/**
 * Runs before any handler, for every incoming event: a token bucket of
 * LIMITES_SOCKET.eventosPorSegundo with a burst of LIMITES_SOCKET.rafagaDeEventos, and a count
 * of malformed or unknown events. Unknown events go no further.
 */
function guardEvents(socket: RealtimeSocket): EventGuard {
  let tokens: number = LIMITES_SOCKET.rafagaDeEventos;
  let last = performance.now();
  let invalidos = 0;

  const countInvalid = (): boolean => {
    invalidos += 1;
    if (invalidos <= LIMITES_SOCKET.eventosInvalidosPorConexion) return false;
    drop(socket, CODIGOS_SOCKET.demasiadosEventosInvalidos);
    return true;
  };

  socket.use(([event], next) => {
    if (!socket.connected) return;
    const now = performance.now();
    tokens = Math.min(
      LIMITES_SOCKET.rafagaDeEventos,
      tokens + ((now - last) * LIMITES_SOCKET.eventosPorSegundo) / 1000,
    );
    last = now;
    if (tokens < 1) {
      drop(socket, CODIGOS_SOCKET.demasiadosEventos);
      return;
    }
    tokens -= 1;
    // Unknown events are ignored without an answer, but they count.
    if (!knownEvents.has(event)) {
      countInvalid();
      return;
    }
    next();
  });
  return { countInvalid };
}

interface EventGuard {
  /** Counts a malformed or unknown event; true when that dropped the socket. */
  countInvalid(): boolean;
}

/**
 * Listens to a client event with its arguments parsed by the contract. A malformed one is
 * answered with errorSocket EVENTO_INVALIDO, counted, and never reaches the handler.
 */
function onParsed<E extends keyof ClientToServerEvents>(
  socket: RealtimeSocket,
  guard: EventGuard,
  event: E,
  handler: ClientToServerEvents[E],
): void {
  const schema = clientToServerSchemas[event];
  // The listener takes raw arguments (they are parsed right here), hence the untyped socket.
  (socket as Socket).on(event as string, (...args: unknown[]) => {
    const parsed = schema.safeParse(args);
    if (parsed.success) {
      (handler as (...data: unknown[]) => void)(...parsed.data);
      return;
    }
    if (!guard.countInvalid()) {
      socket.emit('errorSocket', {
        code: CODIGOS_SOCKET.eventoInvalido,
        mensaje: MENSAJES_SOCKET.EVENTO_INVALIDO,
      });
    }
  });
}
