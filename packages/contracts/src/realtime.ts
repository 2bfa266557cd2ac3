import { z } from 'zod';
import { avisoNuevoSchema, avisosLeidosSchema } from './aviso';
import { estadoGrupoSchema } from './grupo';
import { idSchema } from './ids';
import { CODIGOS_SOCKET, roomEvents } from './realtime-constants';

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
/**
 * The seller edited or withdrew a product (its product's and its store's rooms): what its
 * pages show is read again, and the pages the server keeps are drawn anew (decision 044).
 */
export const productoActualizadoSchema = z.object({ productoId: idSchema });
/**
 * The store's page changed (its room): the seller edited its data or its categories, or the
 * product team enabled or disabled it. The pages the server keeps are drawn anew (decision 044).
 */
export const tiendaActualizadaSchema = z.object({ tiendaId: idSchema });

/*
 * Private events, sent only to their user's room (`rooms.usuario`), which the server puts
 * every signed-in socket in; no client event joins it.
 */
/** The product team enabled the user's store: it is listed from now on. */
export const tiendaHabilitadaSchema = z.object({ tiendaId: idSchema });
/** A seller's payment for one of the user's orders was approved. */
export const pagoAprobadoSchema = z.object({ pedidoId: idSchema, tiendaId: idSchema });
/** A part of the seller's store was delivered (by a courier's code or by hand): its day's route checks it off. */
export const entregaConfirmadaSchema = z.object({ pedidoId: idSchema, tiendaId: idSchema });

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

/** The handshake's `auth`: an access token when signed in; absent, null or '' is anonymous. */
export const socketAuthSchema = z.object({ token: z.string().max(4096).nullish() });

/** Server-to-client events: one payload each. */
export const serverToClientSchemas = {
  grupoActualizado: grupoActualizadoSchema,
  nuevoGrupoCreado: nuevoGrupoCreadoSchema,
  grupoCerradoPorVendedor: grupoCerradoPorVendedorSchema,
  stockActualizado: stockActualizadoSchema,
  productoActualizado: productoActualizadoSchema,
  tiendaActualizada: tiendaActualizadaSchema,
  tiendaHabilitada: tiendaHabilitadaSchema,
  pagoAprobado: pagoAprobadoSchema,
  entregaConfirmada: entregaConfirmadaSchema,
  /** A new notification for the user (the bell, docs/decisions/041). */
  avisoNuevo: avisoNuevoSchema,
  /** The user read notifications (in another tab or device): the unread count now. */
  avisosLeidos: avisosLeidosSchema,
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

// Every room's join and leave events are client events (checked here, where both are known, so
// the constants module imports nothing).
void (roomEvents satisfies Record<
  keyof typeof roomEvents,
  { join: keyof ClientToServerEvents; leave: keyof ClientToServerEvents }
>);
