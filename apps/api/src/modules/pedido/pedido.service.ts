import { systemClock } from '../../lib/clock';
import { createCancelacionDePedido } from './cancelacion-de-pedido.service';
import { createCreacionDePedido } from './creacion-de-pedido.service';
import { createPagosDePedido } from './pagos-de-pedido.service';
import type { DepsDelPedido } from './pedido-comun';
import { createReservasVencidas } from './reservas-vencidas.service';

export { PEDIDOS_POR_USUARIO_MAX } from './pagos-de-pedido.service';
export type { CotizarParaPedido } from './pedido-comun';
export { maximoReservablePorProducto } from './reservas';

/**
 * Orders: the checkout (pago/crearPreferencia), payment status and Mis Pagos, cancelling, and
 * the reservations' end. One factory per use case, one deps object for all:
 * - creacion-de-pedido.service.ts: `crear`;
 * - pagos-de-pedido.service.ts: `estadoPagos`, `porUsuario`;
 * - cancelacion-de-pedido.service.ts: `cancelar`;
 * - reservas-vencidas.service.ts: `avisarReservasPorVencer`, `liberarReservasVencidas`.
 * What they share in a transaction (releasing holds, the holds rule of docs/decisions/029)
 * is in reservas.ts.
 */
export function createPedidoService({
  clock = systemClock,
  ...deps
}: Omit<DepsDelPedido, 'clock'> & { clock?: DepsDelPedido['clock'] }) {
  const todas: DepsDelPedido = { ...deps, clock };
  return {
    ...createCreacionDePedido(todas),
    ...createPagosDePedido(todas),
    ...createCancelacionDePedido(todas),
    ...createReservasVencidas(todas),
  };
}

export type PedidoService = ReturnType<typeof createPedidoService>;
