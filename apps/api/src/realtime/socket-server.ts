import {
  type ClientToServerEvents,
  idSchema,
  rooms,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { RealtimePort } from './realtime.port';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * socket.io on the same HTTP server at /socket.io/ (websocket with polling fallback).
 * Clients join and leave the public rooms of groups, stores and products; a malformed id is
 * ignored. Returns the port services use to emit.
 */
export function attachRealtime(app: FastifyInstance): { io: RealtimeServer; port: RealtimePort } {
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
