import type { EstadoPedido, PedidoConGrupos } from '@compra-grupal/contracts';

/** The tabs of Mis Pedidos (spec part 2, section 4). */
export const PESTANIAS = [
  { id: 'en-curso', etiqueta: 'En curso' },
  { id: 'completados', etiqueta: 'Completados' },
  { id: 'entregados', etiqueta: 'Entregados' },
  { id: 'cancelados', etiqueta: 'Cancelados' },
] as const;

export type Pestania = (typeof PESTANIAS)[number]['id'];

/**
 * The tab of each state the API computes for an order (`pedido.estado`; the web never derives
 * it from the groups): Completados when every part that goes on is ready (its code shows),
 * Entregados when delivered, En curso while something of it still goes on.
 *
 * An order nothing of which goes on any more (refunded: every group cancelled; or expired) is
 * in a tab of its own, Cancelados (issue 32): En curso would say it still moves, and
 * Completados would promise a delivery code that will never be used. Its card keeps its
 * refunds.
 */
const PESTANIA_DE_ESTADO: Record<EstadoPedido, Pestania> = {
  por_pagar: 'en-curso',
  en_proceso: 'en-curso',
  completo: 'completados',
  entregado: 'entregados',
  reembolsado: 'cancelados',
  vencido: 'cancelados',
};

export function pestaniaDePedido(pedido: Pick<PedidoConGrupos, 'estado'>): Pestania {
  return PESTANIA_DE_ESTADO[pedido.estado];
}

/** The orders of each tab, in the order given. */
export function pedidosPorPestania<P extends Pick<PedidoConGrupos, 'estado'>>(
  pedidos: readonly P[],
): Record<Pestania, P[]> {
  const grupos: Record<Pestania, P[]> = {
    'en-curso': [],
    completados: [],
    entregados: [],
    cancelados: [],
  };
  for (const pedido of pedidos) grupos[pestaniaDePedido(pedido)].push(pedido);
  return grupos;
}
