import type { GrupoDePedido, PedidoConGrupos } from '@compra-grupal/contracts';
import { requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { centavosAPesos } from '../../lib/money';
import { estadoDeParte, estadoDePedido } from '../pedido/ciclo-de-vida';
import { type DepsDeEntrega, direccionDe } from './entrega-comun';

/** Orders listed by Mis Pedidos: the newest ones, at most this many. */
export const PEDIDOS_CON_GRUPOS_MAX = 100;

/** Mis Pedidos: the shopper's approved orders with their groups and each seller's delivery. */
export function createPedidosConGrupos({
  repository,
  lineasDePedidos,
  cicloDeVida,
  clock,
}: Pick<DepsDeEntrega, 'repository' | 'lineasDePedidos' | 'cicloDeVida' | 'clock'>) {
  return {
    /**
     * POST pedido/obtenerPedidosConGruposPorUsuario: the user's approved orders, newest first,
     * with their lines, groups (the places each holds, the refund of a cancelled one) and
     * each seller's part with its delivery. 404 when there is none (spec: 404 means none).
     */
    async pedidosConGrupos(actor: Actor | null, usuarioId: string): Promise<PedidoConGrupos[]> {
      requireOwner(actor, usuarioId);
      const filas = await repository.findPedidosAprobadosDeUsuario(
        usuarioId,
        PEDIDOS_CON_GRUPOS_MAX,
      );
      if (filas.length === 0) throw notFound('PEDIDO_NO_ENCONTRADO');
      const ids = filas.map((p) => p.id);
      const [lineas, partes, participaciones, ciclo] = await Promise.all([
        lineasDePedidos(ids),
        repository.findPartesDePedidos(ids),
        repository.findGruposDePedidos(ids),
        cicloDeVida.findPartes(ids, clock.now()),
      ]);
      return filas.map((p) => {
        const grupos = new Map<string, GrupoDePedido>();
        const reembolsos = new Map<
          string,
          { centavos: number; pendientes: number; fecha: string | null }
        >();
        for (const g of participaciones) {
          if (g.pedidoId !== p.id) continue;
          const actual = grupos.get(g.grupoId) ?? {
            _id: g.grupoId,
            productoId: g.productoId,
            lugaresNecesarios: g.lugaresNecesarios,
            lugaresOcupados: g.lugaresOcupados,
            estado: g.estado,
            cantidad: 0,
            fechaLimite: g.fechaLimite?.toISOString() ?? null,
            reembolso: null,
          };
          actual.cantidad += g.cantidad;
          grupos.set(g.grupoId, actual);
          if (g.reembolsoMontoCentavos === null) continue;
          // This order's refunds in the group, as one: pending until every one is confirmed.
          const r = reembolsos.get(g.grupoId) ?? { centavos: 0, pendientes: 0, fecha: null };
          r.centavos += g.reembolsoMontoCentavos;
          if (g.reembolsoEstado !== 'reembolsado') r.pendientes += 1;
          const fecha = g.reembolsadoEn?.toISOString() ?? null;
          if (fecha && (!r.fecha || fecha > r.fecha)) r.fecha = fecha;
          reembolsos.set(g.grupoId, r);
        }
        for (const [grupoId, r] of reembolsos) {
          const grupo = grupos.get(grupoId);
          if (!grupo) continue;
          grupo.reembolso = {
            monto: centavosAPesos(r.centavos),
            estado: r.pendientes === 0 ? 'reembolsado' : 'pendiente',
            fecha: r.pendientes === 0 ? r.fecha : null,
          };
        }
        const deEste = partes.filter((parte) => parte.pedidoId === p.id);
        const estados = new Map(
          ciclo
            .filter((c) => c.pedidoId === p.id)
            .map((c) => [
              c.tiendaId,
              { estado: estadoDeParte(c), reembolsado: c.reembolsadoCentavos },
            ]),
        );
        const estado = estadoDePedido([...estados.values()].map((e) => e.estado));
        return {
          _id: p.id,
          codigo: p.codigo,
          fechaCreacion: p.creadoEn.toISOString(),
          aprobado: p.aprobado,
          entregado: estado === 'entregado',
          estado,
          todosLosPagosAprobados: p.todosLosPagosAprobados,
          total: centavosAPesos(deEste.reduce((t, parte) => t + parte.montoCentavos, 0)),
          productos: lineas
            .filter((l) => l.pedidoId === p.id)
            .map((l) => ({
              productoId: l.productoId,
              cantidadSolicitada: l.cantidad,
              nombre: l.nombre,
              imagen: l.imagen,
              precio: centavosAPesos(l.precioCentavos),
              tiendaId: l.tiendaId,
            })),
          grupoIds: [...grupos.values()],
          direccion: direccionDe(p),
          telefono: p.telefono,
          partes: deEste.map((parte) => ({
            tiendaId: parte.tiendaId,
            tiendaNombre: parte.tiendaNombre,
            estadoPago: parte.estado,
            estado: estados.get(parte.tiendaId)?.estado ?? 'por_pagar',
            reembolsado: centavosAPesos(estados.get(parte.tiendaId)?.reembolsado ?? 0),
            entregado: parte.entregadoEn !== null,
            entregadoEn: parte.entregadoEn?.toISOString() ?? null,
          })),
        };
      });
    },
  };
}
