import {
  type ClientToServerEvents,
  idSchema,
  rooms,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AccessTokens } from '../modules/usuario/access-token';
import type { RealtimePort } from './realtime.port';

interface SocketData {
  /** Set when the client connected with a valid access token. */
  userId?: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The message of the connect_error a client gets for a forged or expired token. */
export const TOKEN_INVALIDO = 'TOKEN_INVALIDO';

/**
 * socket.io on the same HTTP server at /socket.io/ (websocket with polling fallback).
 * Anonymous clients are welcome (public rooms); a client that sends `auth.token` must send a
 * valid one, and is disconnected when it expires so that it reconnects with a renewed one.
 * Clients join and leave the public rooms of groups, stores and products; a malformed id is
 * ignored. Returns the port services use to emit.
 */
export function attachRealtime(
  app: FastifyInstance,
  accessTokens: AccessTokens,
): { io: RealtimeServer; port: RealtimePort } {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    serveClient: false,
  });

  const roomEvents = [
    ['joinGrupo', 'leaveGrupo', rooms.grupo],
    ['joinTienda', 'leaveTienda', rooms.tienda],
    ['joinProducto', 'leaveProducto', rooms.producto],
  ] as const;

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (token === undefined || token === null || token === '') return next();
    try {
      const { userId, exp } = await accessTokens.verify(String(token));
      socket.data.userId = userId;
      const expiresIn = exp * 1000 - Date.now();
      const timer = setTimeout(() => socket.disconnect(true), Math.min(expiresIn, 2 ** 31 - 1));
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch {
      next(new Error(TOKEN_INVALIDO));
    }
  });

  io.on('connection', (socket) => {
    for (const [joinEvent, leaveEvent, roomOf] of roomEvents) {
      socket.on(joinEvent, (id) => {
        if (idSchema.safeParse(id).success) void socket.join(roomOf(id));
      });
      socket.on(leaveEvent, (id) => {
        if (idSchema.safeParse(id).success) void socket.leave(roomOf(id));
      });
    }
  });

  app.addHook('onClose', async () => {
    await io.close();
  });

  return {
    io,
    port: {
      emitToRoom: (room, event, ...args) => {
        io.to(room).emit(event, ...args);
      },
    },
  };
}
