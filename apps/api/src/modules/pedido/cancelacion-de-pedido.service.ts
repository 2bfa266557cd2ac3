import type { CancelarPedidoResponse } from '@compra-grupal/contracts';
import { requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { appError } from '../../lib/app-error';
import { type DepsDelPedido, pedidoNoEncontrado } from './pedido-comun';
import { esCancelable, liberarReservas } from './reservas';

/** The shopper gives up an order nothing was paid of (POST pedido/cancelar). */
export function createCancelacionDePedido({
  repository,
  withTransaction,
  clock,
}: Pick<DepsDelPedido, 'repository' | 'withTransaction' | 'clock'>) {
  return {
    /**
     * POST pedido/cancelar/{pedidoId} (docs/decisions/029): the owner gives up an order nothing
     * was paid of; its reserved units go back on sale at once, its pending payments become
     * `rechazado` and its reservation ends (no new payment link). 409 PEDIDO_NO_CANCELABLE when
     * some part is paid or the provider holds a payment still pending. Idempotent: an order
     * already released (cancelled before, or expired) answers the same body.
     */
    async cancelar(actor: Actor | null, pedidoId: string): Promise<CancelarPedidoResponse> {
      // Signed in first; the owner is known once the order is read (404 before 403).
      requireActor(actor);
      const encontrado = await repository.findPedido(pedidoId);
      if (!encontrado) throw pedidoNoEncontrado();
      requireOwner(actor, encontrado.usuarioId);
      return withTransaction(async (repos) => {
        // The shopper's row first, as a create does: the two never interleave.
        await repos.pedido.lockComprador(encontrado.usuarioId);
        const pedido = await repos.pedido.lockPedido(pedidoId);
        const [situacion] = await repos.pedido.findSituacionDePedidos([pedidoId]);
        if (!pedido || !situacion) throw pedidoNoEncontrado();
        if (!esCancelable(situacion)) throw appError(409, 'PEDIDO_NO_CANCELABLE');
        let liberadaEn = pedido.reservaLiberadaEn;
        if (!liberadaEn) {
          liberadaEn = clock.now();
          await liberarReservas(repos, [pedidoId], liberadaEn);
        }
        return { pedidoId, reservaLiberadaEn: liberadaEn.toISOString() };
      });
    },
  };
}
