import type { DepsDeMensajes } from './mensajes-comun';
import { createMensajesDeGrupo } from './mensajes-de-grupo.service';
import { createMensajesDePedido } from './mensajes-de-pedido.service';
import { createMensajesDeReembolso } from './mensajes-de-reembolso.service';
import { createMensajesDeTienda } from './mensajes-de-tienda.service';

export { REEMBOLSO_DIAS_HABILES } from './mensajes-de-reembolso.service';

/** How long before its reservation ends a shopper with sellers still unpaid is warned. */
export const AVISO_RESERVA_MINUTOS = 10;
/** How long before its deadline the seller of a group with places empty is warned. */
export const AVISO_GRUPO_HORAS = 24;

/**
 * The transactional messages of issue 25 (docs/decisions/042): each function reads what its
 * message says and tells the person through `aviso.avisar`, inside the transaction of the
 * transition that owns the event (the caller's `repos`), once per event (its `clave`). The
 * reads go through the modules that own the rows (mensajes.ports.ts); the messages are grouped
 * by what they are about, one factory each:
 * - the order's (mensajes-de-pedido.service.ts): created, payment approved, delivered,
 *   reservation ending;
 * - the group's (mensajes-de-grupo.service.ts): complete, deadline coming;
 * - the refund's (mensajes-de-reembolso.service.ts): sent, failing;
 * - the store's (mensajes-de-tienda.service.ts): enabled, refused, Mercado Pago unlinked.
 */
export function createMensajes(deps: DepsDeMensajes) {
  return {
    ...createMensajesDePedido(deps),
    ...createMensajesDeGrupo(deps),
    ...createMensajesDeReembolso(deps),
    ...createMensajesDeTienda(deps),
  };
}

export type Mensajes = ReturnType<typeof createMensajes>;
