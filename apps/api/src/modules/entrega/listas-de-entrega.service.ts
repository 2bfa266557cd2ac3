import type { PedidoListoParaEntrega, PedidoParaEntregar } from '@compra-grupal/contracts';
import { hasRole, requireActor, requireRole, requireSelf } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { estadoDeParte, lineaSigue, pedidoEntregado } from '../pedido/ciclo-de-vida';
import { type DepsDeEntrega, direccionDe } from './entrega-comun';

/** Lines listed by Pedidos para entregar, oldest order first. */
export const LINEAS_PARA_ENTREGAR_MAX = 500;
/** Parts listed on the delivery screen, oldest order first. */
export const PARTES_LISTAS_MAX = 500;
/** Undelivered paid parts read to find those ready (the lifecycle decides which are). */
const PARTES_CANDIDATAS_MAX = 2000;

/**
 * What is left to deliver: the store's lines, the courier's list of ready parts, and which of
 * some orders are not delivered yet.
 */
export function createListasDeEntrega({
  repository,
  lineasDePedidos,
  cicloDeVida,
  clock,
}: Pick<DepsDeEntrega, 'repository' | 'lineasDePedidos' | 'cicloDeVida' | 'clock'>) {
  /** Of these orders, those the lifecycle does not call delivered. */
  async function pedidosSinEntregar(pedidoIds: string[]): Promise<string[]> {
    const partes = await cicloDeVida.findPartes(pedidoIds, clock.now());
    return pedidoIds.filter((id) => !pedidoEntregado(partes.filter((p) => p.pedidoId === id)));
  }

  return {
    /**
     * GET pedido/obtenerPedidosPorTienda/{tiendaId}, the store's owner only: one item per line
     * of the store in approved orders whose part for the store is not delivered yet, with
     * `listo` when every group of that part is closed.
     */
    async pedidosPorTienda(actor: Actor | null, tiendaId: string): Promise<PedidoParaEntregar[]> {
      const caller = requireActor(actor);
      const tienda = await repository.findTienda(tiendaId);
      if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
      requireSelf(caller, tienda.usuarioId);
      const filas = await repository.findLineasParaEntregarDeTienda(
        tiendaId,
        LINEAS_PARA_ENTREGAR_MAX,
      );
      const partes = new Map(
        (
          await cicloDeVida.findPartes(
            filas.map((f) => f.pedidoId),
            clock.now(),
          )
        )
          .filter((p) => p.tiendaId === tiendaId)
          .map((p) => [p.pedidoId, p]),
      );
      return filas.flatMap((f) => {
        const parte = partes.get(f.pedidoId);
        // A line whose group was cancelled was refunded: it is not delivered.
        if (!parte || !lineaSigue(parte, f.productoId)) return [];
        return [
          {
            pedidoId: f.pedidoId,
            productoId: f.productoId,
            productoNombre: f.productoNombre,
            productoImagen: f.productoImagen,
            cantidad: f.cantidad,
            direccion: direccionDe(f),
            telefono: f.telefono,
            listo: estadoDeParte(parte) === 'lista',
          },
        ];
      });
    },

    /**
     * POST pedido/obtenerPedidosSinEntregarPorIds: of the given orders the caller may see,
     * those not delivered. Without `tiendaId`: the caller's own orders (couriers and admins:
     * any). With it (the caller's store; couriers and admins: any): the orders whose part of
     * that store is not delivered. Orders the caller may not see are left out, never named.
     */
    async sinEntregarPorIds(
      actor: Actor | null,
      { pedidoIds, tiendaId }: { pedidoIds: string[]; tiendaId?: string | undefined },
    ): Promise<string[]> {
      const caller = requireActor(actor);
      const privilegiado = hasRole(caller, 'admin', 'repartidor');
      if (tiendaId && !privilegiado) {
        const tienda = await repository.findTienda(tiendaId);
        if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
        requireSelf(caller, tienda.usuarioId);
      }
      const ids = [...new Set(pedidoIds)];
      if (ids.length === 0) return [];
      const sinEntregar = new Set(
        tiendaId
          ? await repository.findPartesSinEntregar(ids, tiendaId)
          : await pedidosSinEntregar(
              await repository.findPedidosVisibles(
                ids,
                privilegiado ? {} : { usuarioId: caller.id },
              ),
            ),
      );
      return ids.filter((id) => sinEntregar.has(id));
    },

    /**
     * GET pedido/obtenerTodosLosPedidos, couriers and admins: every undelivered part of an
     * approved order whose groups are all closed, with only what delivery needs.
     */
    async todosLosPedidos(actor: Actor | null): Promise<PedidoListoParaEntrega[]> {
      requireRole(actor, 'repartidor', 'admin');
      const candidatas = await repository.findPartesListas(PARTES_CANDIDATAS_MAX);
      const ciclo = await cicloDeVida.findPartes(
        candidatas.map((p) => p.pedidoId),
        clock.now(),
      );
      const deParte = (p: { pedidoId: string; tiendaId: string }) =>
        ciclo.find((c) => c.pedidoId === p.pedidoId && c.tiendaId === p.tiendaId);
      const partes = candidatas
        .filter((p) => {
          const parte = deParte(p);
          return parte !== undefined && estadoDeParte(parte) === 'lista';
        })
        .slice(0, PARTES_LISTAS_MAX);
      if (partes.length === 0) return [];
      const lineas = await lineasDePedidos([...new Set(partes.map((p) => p.pedidoId))]);
      return partes.map((p) => ({
        _id: p.pedidoId,
        tiendaId: p.tiendaId,
        tiendaNombre: p.tiendaNombre,
        productos: lineas
          .filter((l) => l.pedidoId === p.pedidoId && l.tiendaId === p.tiendaId)
          .filter((l) => {
            const parte = deParte(p);
            return parte !== undefined && lineaSigue(parte, l.productoId);
          })
          .map((l) => ({ nombre: l.nombre ?? 'Producto no encontrado', cantidad: l.cantidad })),
        direccion: direccionDe(p),
        telefono: p.telefono,
      }));
    },
  };
}
