import {
  ESTADOS_PARTE_PAGADA,
  type EstadoPagosResponse,
  type EstadoParte,
  type PagoPorVendedor,
  type PedidoConPagos,
} from '@compra-grupal/contracts';
import { requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { centavosAPesos, pesosACentavos } from '../../lib/money';
import { estadoDePedido, type VistaDelPedido, vistaDelPedido } from './ciclo-de-vida';
import { type DepsDelPedido, pedidoNoEncontrado } from './pedido-comun';

/** Orders listed by Mis Pagos: the newest ones, at most this many. */
export const PEDIDOS_POR_USUARIO_MAX = 100;

const redondear1 = (n: number) => Math.round(n * 10) / 10;

const PARTE_PAGADA = new Set<EstadoParte>(ESTADOS_PARTE_PAGADA);
const PARTE_POR_PAGAR = new Set<EstadoParte>(['por_pagar', 'en_acreditacion', 'rechazado']);

/** Reading orders with their payments: the payment status page and Mis Pagos. */
export function createPagosDePedido({
  repository,
  lecturasDelCiclo,
  clock,
}: Pick<DepsDelPedido, 'repository' | 'lecturasDelCiclo' | 'clock'>) {
  /**
   * The payments of these orders, with their products, as the contract shows them, and what
   * the lifecycle says of each order as a whole (its parts' states within it, its state, its
   * refund and the shopper's actions: ciclo-de-vida.ts `vistaDelPedido`).
   */
  async function pagosDe(
    pedidoIds: string[],
  ): Promise<{ pagos: Map<string, PagoPorVendedor[]>; vistas: Map<string, VistaDelPedido> }> {
    const [pagos, lineas, ciclo] = await Promise.all([
      repository.findPagosDePedidos(pedidoIds),
      repository.findLineasDePedidos(pedidoIds),
      lecturasDelCiclo.findPartes(pedidoIds, clock.now()),
    ]);
    const vistas = new Map<string, VistaDelPedido>();
    const vistasDePartes = new Map<string, VistaDelPedido['partes'][number]>();
    for (const pedidoId of new Set(ciclo.map((c) => c.pedidoId))) {
      const partes = ciclo.filter((c) => c.pedidoId === pedidoId);
      const vista = vistaDelPedido(partes);
      vistas.set(pedidoId, vista);
      partes.forEach((c, i) => {
        const deParte = vista.partes[i];
        if (deParte) vistasDePartes.set(`${pedidoId}:${c.tiendaId}`, deParte);
      });
    }
    const porPedido = new Map<string, PagoPorVendedor[]>();
    for (const pago of pagos) {
      const lista = porPedido.get(pago.pedidoId) ?? [];
      const vista = vistasDePartes.get(`${pago.pedidoId}:${pago.tiendaId}`);
      lista.push({
        tiendaId: pago.tiendaId,
        tiendaNombre: pago.tiendaNombre,
        tiendaLogo: pago.tiendaLogo,
        monto: centavosAPesos(pago.montoCentavos),
        envio: centavosAPesos(pago.envioCentavos),
        estado: pago.estado,
        estadoParte: vista?.estado ?? 'por_pagar',
        reembolsado: centavosAPesos(vista?.reembolsadoCentavos ?? 0),
        reembolsoTotal: vista?.reembolsoTotal ?? false,
        acciones: { pagar: vista?.acciones.pagar ?? false },
        productos: lineas
          .filter((l) => l.pedidoId === pago.pedidoId && l.tiendaId === pago.tiendaId)
          .map((l) => ({
            productoId: l.productoId,
            nombre: l.nombre,
            imagen: l.imagen,
            cantidad: l.cantidad,
            precio: centavosAPesos(l.precioCentavos),
          })),
      });
      porPedido.set(pago.pedidoId, lista);
    }
    return { pagos: porPedido, vistas };
  }

  return {
    /** GET pedido/estadoPagos/{pedidoId}: the owner's order, its payments and their progress. */
    async estadoPagos(actor: Actor | null, pedidoId: string): Promise<EstadoPagosResponse> {
      // Signed in first; the owner is known once the order is read (404 before 403).
      requireActor(actor);
      const pedido = await repository.findPedido(pedidoId);
      if (!pedido) throw pedidoNoEncontrado();
      requireOwner(actor, pedido.usuarioId);
      const { pagos: porPedido, vistas } = await pagosDe([pedidoId]);
      const pagos = porPedido.get(pedidoId) ?? [];
      const vista = vistas.get(pedidoId);
      // Paid parts count as approved even when a cancellation gave their money back.
      const aprobados = pagos.filter((p) => PARTE_PAGADA.has(p.estadoParte)).length;
      return {
        estadisticas: {
          total: pagos.length,
          aprobados,
          pendientes: pagos.filter((p) => PARTE_POR_PAGAR.has(p.estadoParte)).length,
          porcentajeCompletado: pagos.length ? redondear1((aprobados / pagos.length) * 100) : 0,
        },
        estado: vista?.estado ?? 'por_pagar',
        reembolsado: centavosAPesos(vista?.reembolsadoCentavos ?? 0),
        reembolsoTotal: vista?.reembolsoTotal ?? false,
        acciones: vista?.acciones ?? { pagar: false, cancelar: false },
        pagosPorVendedor: pagos,
      };
    },

    /** POST pedido/obtenerPedidosPorUserId: the user's orders with payments (404: none). */
    async porUsuario(actor: Actor | null, usuarioId: string): Promise<PedidoConPagos[]> {
      requireOwner(actor, usuarioId);
      const filas = await repository.findPedidosDeUsuario(usuarioId, PEDIDOS_POR_USUARIO_MAX);
      if (filas.length === 0) throw pedidoNoEncontrado();
      const ids = filas.map((p) => p.id);
      const { pagos, vistas } = await pagosDe(ids);
      return filas.map((p) => {
        const deEste = pagos.get(p.id) ?? [];
        const vista = vistas.get(p.id);
        const estado = vista?.estado ?? estadoDePedido(deEste.map((pago) => pago.estadoParte));
        const porProducto = new Map<string, number>();
        for (const pago of deEste) {
          for (const l of pago.productos) porProducto.set(l.productoId, l.cantidad);
        }
        return {
          _id: p.id,
          fechaCreacion: p.creadoEn.toISOString(),
          aprobado: p.aprobado,
          todosLosPagosAprobados: p.todosLosPagosAprobados,
          entregado: estado === 'entregado',
          estado,
          total: centavosAPesos(deEste.reduce((t, pago) => t + pesosACentavos(pago.monto), 0)),
          reembolsado: centavosAPesos(vista?.reembolsadoCentavos ?? 0),
          reembolsoTotal: vista?.reembolsoTotal ?? false,
          acciones: vista?.acciones ?? { pagar: false, cancelar: false },
          productos: [...porProducto].map(([productoId, cantidadSolicitada]) => ({
            productoId,
            cantidadSolicitada,
          })),
          pagosPorVendedor: deEste,
        };
      });
    },
  };
}
