/*
 * The realtime connection's constants, apart from its schemas (`realtime.ts`): the web app reads
 * them on the first page, and a bundler keeps a module whole, so sharing a module with the
 * schemas would bring zod along.
 */

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

/** The errorSocket codes after which the server closes the connection. */
export const CODIGOS_SOCKET_QUE_DESCONECTAN: readonly CodigoSocket[] = [
  CODIGOS_SOCKET.demasiadosEventosInvalidos,
  CODIGOS_SOCKET.demasiadosEventos,
  CODIGOS_SOCKET.demasiadasSalas,
];

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
} as const;
