import { LIMITES_RESERVA } from '@compra-grupal/contracts';
import { AppError, appError } from '../../lib/app-error';
import type { RepositoriosDelPedido } from './pedido-comun';

const reservaPorProducto = (nombre: string, maximo: number, retenidas: number) =>
  new AppError(
    409,
    'RESERVA_POR_PRODUCTO',
    `Puedes reservar hasta ${maximo} unidades de ${nombre} a la vez.${
      retenidas > 0
        ? ` Tus pedidos sin pagar ya reservan ${retenidas}: paga o cancela el pedido pendiente, o pide menos unidades.`
        : ' Pide menos unidades.'
    }`,
  );

/**
 * The most units of one product a shopper's unpaid orders may hold (docs/decisions/029): the
 * larger of a floor and a share of the product's stock before the shopper's reservation.
 */
export const maximoReservablePorProducto = (stock: number): number =>
  Math.max(
    LIMITES_RESERVA.unidadesMinimasPorProducto,
    Math.floor((stock * LIMITES_RESERVA.porcentajeStockPorProducto) / 100),
  );

/** What decides whether an order can be cancelled, or replaced by a new one of its shopper. */
interface SituacionDePedido {
  /** Some part is paid. */
  pagado: boolean;
  /** The provider holds a payment of it still pending. */
  enAcreditacion: boolean;
}

/** Nothing paid and no payment in flight: cancelling gives nothing back but stock. */
export const esCancelable = (p: SituacionDePedido) => !p.pagado && !p.enAcreditacion;

/** One product of a new order: duplicate lines of the cart made one. */
export type LineaFusionada = { productoId: string; cantidad: number; grupoId?: string };

/**
 * Ends the hold of these orders, one code for the expiry sweep, a cancellation and the orders a
 * new one replaces (docs/decisions/024, 029 and 050): their held lines become `liberado`, their
 * pending payments `rechazado`, and each order is marked released (a reservation that still
 * ran ends now). A hold never took units from stock (stock counts the units nobody paid for),
 * so nothing goes back on sale. Lines of approved payments are sold and stay. The caller holds
 * the orders' row locks.
 */
export async function liberarReservas(
  repos: RepositoriosDelPedido,
  pedidoIds: string[],
  ahora: Date,
): Promise<void> {
  if (pedidoIds.length === 0) return;
  await repos.pedido.releaseLineas(pedidoIds);
  await repos.pedido.markPagosPendientesRechazados(pedidoIds, ahora);
  await repos.pedido.markReservaLiberada(pedidoIds, ahora);
}

/**
 * The holds rule (docs/decisions/029), first in the create transaction: locks the shopper's
 * user row (their creates and cancels run one at a time), releases their older orders that
 * nothing was paid of and no payment is in flight for (the new order replaces them), then
 * checks the caps against what their other unpaid orders still hold: at most
 * `LIMITES_RESERVA.pedidosSinPagar` of them counting the new one, and per product at most
 * `maximoReservablePorProducto` of its stock. Answers the stock of the new order's products.
 */
export async function reemplazarYLimitar(
  repos: RepositoriosDelPedido,
  usuarioId: string,
  lineas: LineaFusionada[],
  nombres: Map<string, string>,
  ahora: Date,
): Promise<Map<string, number>> {
  const { pedido: pedidoRepo } = repos;
  await pedidoRepo.lockComprador(usuarioId);
  const ids = await pedidoRepo.lockPedidosConReserva(usuarioId);
  const situacion = ids.length > 0 ? await pedidoRepo.findSituacionDePedidos(ids) : [];
  const reemplazados = situacion.filter(esCancelable).map((p) => p.id);
  // Orders kept (some part paid, or a payment in flight) that can still be paid.
  const abiertos = situacion
    .filter((p) => !esCancelable(p) && p.porPagar && p.reservaExpiraEn > ahora)
    .map((p) => p.id);
  const retenidas = new Map<string, number>();
  const reservadas = abiertos.length > 0 ? await pedidoRepo.findLineasReservadas(abiertos) : [];
  for (const l of reservadas) {
    retenidas.set(l.productoId, (retenidas.get(l.productoId) ?? 0) + l.cantidad);
  }
  const stock = await pedidoRepo.findStock(lineas.map((l) => l.productoId));
  await liberarReservas(repos, reemplazados, ahora);

  if (abiertos.length >= LIMITES_RESERVA.pedidosSinPagar) {
    throw appError(409, 'RESERVAS_MAXIMAS');
  }
  for (const linea of lineas) {
    const retenida = retenidas.get(linea.productoId) ?? 0;
    const maximo = maximoReservablePorProducto(stock.get(linea.productoId) ?? 0);
    if (retenida + linea.cantidad > maximo) {
      throw reservaPorProducto(nombres.get(linea.productoId) ?? 'este producto', maximo, retenida);
    }
  }
  return stock;
}
