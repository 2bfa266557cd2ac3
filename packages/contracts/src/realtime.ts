import { z } from 'zod';
import { estadoGrupoSchema } from './grupo';
import { idSchema } from './ids';

/**
 * Socket.io events, spec file 2 section 7. Both ends are typed with the maps below, which are
 * derived from these schemas: the server parses every incoming event with
 * `clientToServerSchemas` and the web app every server event with `serverToClientSchemas`.
 */

export const grupoActualizadoSchema = z.object({
  grupoId: idSchema,
  estado: estadoGrupoSchema,
  lugaresOcupados: z.number().int(),
  lugaresNecesarios: z.number().int(),
  participantesCount: z.number().int(),
  productoNombre: z.string(),
});
export const nuevoGrupoCreadoSchema = z.object({
  productoId: idSchema,
  productoNombre: z.string(),
});
export const grupoCerradoPorVendedorSchema = z.object({ grupoId: idSchema });
export const stockActualizadoSchema = z.object({
  productoId: idSchema,
  nuevoStock: z.number().int(),
});

/*
 * Private events, sent only to their user's room (`rooms.usuario`), which the server puts
 * every signed-in socket in; no client event joins it.
 */
/** The product team enabled the user's store: it is listed from now on. */
export const tiendaHabilitadaSchema = z.object({ tiendaId: idSchema });
/** A seller's payment for one of the user's orders was approved. */
export const pagoAprobadoSchema = z.object({ pedidoId: idSchema, tiendaId: idSchema });

/**
 * What the realtime connection lets a socket do. The web app keeps within them in normal use
 * (it joins only the rooms of the page on screen and leaves them when the page goes away); the
 * server tells a socket that goes beyond them why (`errorSocket`) and drops it.
 */
export const LIMITES_SOCKET = {
  /** Rooms one socket may be in at once (groups, stores and products together). */
  salasPorSocket: 50,
  /** Events per second a socket may send, sustained (token bucket refill). */
  eventosPorSegundo: 20,
  /**
   * Events a socket may send at once: room for rejoining every room after a reconnection
   * (spec: "reconnect (rejoin rooms)") plus a few more.
   */
  rafagaDeEventos: 60,
  /** Malformed or unknown events one connection may send before it is dropped. */
  eventosInvalidosPorConexion: 10,
} as const;

/** Stable codes of the realtime errors (errorSocket `code`, or a connect_error message). */
export const CODIGOS_SOCKET = {
  /** connect_error: the access token sent in the handshake is forged or expired. */
  tokenInvalido: 'TOKEN_INVALIDO',
  /** connect_error: too many connections from the same address. */
  demasiadasConexiones: 'DEMASIADAS_CONEXIONES',
  /** errorSocket: one event's payload did not match the contract; the event was ignored. */
  eventoInvalido: 'EVENTO_INVALIDO',
  /** errorSocket, then dropped: too many malformed or unknown events. */
  demasiadosEventosInvalidos: 'DEMASIADOS_EVENTOS_INVALIDOS',
  /** errorSocket, then dropped: too many events per second. */
  demasiadosEventos: 'DEMASIADOS_EVENTOS',
  /** errorSocket, then dropped: more rooms than `LIMITES_SOCKET.salasPorSocket`. */
  demasiadasSalas: 'DEMASIADAS_SALAS',
} as const;

export type CodigoSocket = (typeof CODIGOS_SOCKET)[keyof typeof CODIGOS_SOCKET];

export const errorSocketSchema = z.object({
  code: z.enum([
    CODIGOS_SOCKET.eventoInvalido,
    CODIGOS_SOCKET.demasiadosEventosInvalidos,
    CODIGOS_SOCKET.demasiadosEventos,
    CODIGOS_SOCKET.demasiadasSalas,
  ]),
  mensaje: z.string(),
});
export type ErrorSocket = z.infer<typeof errorSocketSchema>;

/** The errorSocket codes after which the server closes the connection. */
export const CODIGOS_SOCKET_QUE_DESCONECTAN: readonly ErrorSocket['code'][] = [
  CODIGOS_SOCKET.demasiadosEventosInvalidos,
  CODIGOS_SOCKET.demasiadosEventos,
  CODIGOS_SOCKET.demasiadasSalas,
];

/** The handshake's `auth`: an access token when signed in; absent, null or '' is anonymous. */
export const socketAuthSchema = z.object({ token: z.string().max(4096).nullish() });

/** Server-to-client events: one payload each. */
export const serverToClientSchemas = {
  grupoActualizado: grupoActualizadoSchema,
  nuevoGrupoCreado: nuevoGrupoCreadoSchema,
  grupoCerradoPorVendedor: grupoCerradoPorVendedorSchema,
  stockActualizado: stockActualizadoSchema,
  tiendaHabilitada: tiendaHabilitadaSchema,
  pagoAprobado: pagoAprobadoSchema,
  /** Why the server ignored an event or is about to drop the connection. */
  errorSocket: errorSocketSchema,
} as const;

/** Client-to-server events: the whole argument list of each (no acknowledgements). */
export const clientToServerSchemas = {
  joinGrupo: z.tuple([idSchema]),
  leaveGrupo: z.tuple([idSchema]),
  joinTienda: z.tuple([idSchema]),
  leaveTienda: z.tuple([idSchema]),
  joinProducto: z.tuple([idSchema]),
  leaveProducto: z.tuple([idSchema]),
} as const;

type ServerToClientSchemas = typeof serverToClientSchemas;
type ClientToServerSchemas = typeof clientToServerSchemas;

export type ServerToClientEvents = {
  [E in keyof ServerToClientSchemas]: (payload: z.infer<ServerToClientSchemas[E]>) => void;
};

export type ClientToServerEvents = {
  [E in keyof ClientToServerSchemas]: (...args: z.infer<ClientToServerSchemas[E]>) => void;
};

/** Room names of the public rooms a client joins and leaves. */
export const rooms = {
  grupo: (id: string) => `grupo:${id}`,
  tienda: (id: string) => `tienda:${id}`,
  producto: (id: string) => `producto:${id}`,
} as const;

/** A signed-in user's private room: the server joins it on connection; clients cannot. */
export const userRoom = (usuarioId: string) => `usuario:${usuarioId}`;

/** The join and leave events of each kind of room. */
export const roomEvents = {
  grupo: { join: 'joinGrupo', leave: 'leaveGrupo' },
  tienda: { join: 'joinTienda', leave: 'leaveTienda' },
  producto: { join: 'joinProducto', leave: 'leaveProducto' },
} as const satisfies Record<
  keyof typeof rooms,
  { join: keyof ClientToServerEvents; leave: keyof ClientToServerEvents }
>;
