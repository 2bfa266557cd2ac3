import { systemClock } from '../../lib/clock';
import { createConfirmacionDeEntrega } from './confirmacion-de-entrega.service';
import type { DepsDeEntrega } from './entrega-comun';
import { createListasDeEntrega } from './listas-de-entrega.service';
import { createPedidosConGrupos } from './pedidos-con-grupos.service';
import { createRutasDelDia } from './rutas-del-dia.service';

export {
  codigosIguales,
  MENSAJE_ENTREGA_CODIGO,
  MENSAJE_ENTREGA_MANUAL,
} from './confirmacion-de-entrega.service';
export { LINEAS_PARA_ENTREGAR_MAX, PARTES_LISTAS_MAX } from './listas-de-entrega.service';
export { PEDIDOS_CON_GRUPOS_MAX } from './pedidos-con-grupos.service';

/**
 * Delivery (issue 14; DESIGN.md section 3, Orders and payments): the shopper's approved orders
 * with their groups, the store's orders to deliver, the courier's list, and delivery of each
 * seller's part (the seller marks it, or a courier enters the shopper's code). Delivery is
 * irreversible and audited; the order is `entregado` when every part is, and a group
 * `completado` when every order in it is delivered. One factory per use case, one deps object
 * for all:
 * - pedidos-con-grupos.service.ts: Mis Pedidos (`pedidosConGrupos`);
 * - listas-de-entrega.service.ts: `pedidosPorTienda`, `sinEntregarPorIds`, `todosLosPedidos`;
 * - confirmacion-de-entrega.service.ts: `marcarEntregado`, `compararCodigo`;
 * - rutas-del-dia.service.ts: the day as routes (`rutasDelDia`, docs/decisions/057).
 */
export function createEntregaService({
  clock = systemClock,
  ...deps
}: Omit<DepsDeEntrega, 'clock'> & { clock?: DepsDeEntrega['clock'] }) {
  const todas: DepsDeEntrega = { ...deps, clock };
  return {
    ...createPedidosConGrupos(todas),
    ...createListasDeEntrega(todas),
    ...createConfirmacionDeEntrega(todas),
    ...createRutasDelDia(todas),
  };
}

export type EntregaService = ReturnType<typeof createEntregaService>;
