import type { GrupoDePedido, PedidoConGrupos } from '@compra-grupal/contracts';

/** The tabs of Mis Pedidos (spec part 2, section 4). */
export const PESTANIAS = [
  { id: 'en-curso', etiqueta: 'En curso' },
  { id: 'completados', etiqueta: 'Completados' },
  { id: 'entregados', etiqueta: 'Entregados' },
] as const;

export type Pestania = (typeof PESTANIAS)[number]['id'];

/** Where an order stands, as its card shows it. */
export type EstadoPedido = 'en-proceso' | 'completo' | 'entregado' | 'cancelado';

/** A group that filled: closed (waiting for delivery) or completed (every order delivered). */
export const grupoLleno = (grupo: Pick<GrupoDePedido, 'estado'>) =>
  grupo.estado === 'cerrado' || grupo.estado === 'completado';

export const grupoCancelado = (grupo: Pick<GrupoDePedido, 'estado'>) =>
  grupo.estado === 'cancelado';

/**
 * The order's state (spec part 2, section 4):
 * - 'entregado': the order is delivered (every seller's part);
 * - 'completo': not delivered and every group that goes on is full (cerrado or completado).
 *   A cancelled group is refunded and drops out of the order, so an order whose other groups
 *   are full is complete for what is left of it;
 * - 'cancelado': every group of the order was cancelled: nothing will be delivered, only the
 *   refunds remain;
 * - 'en-proceso': otherwise (some group still open).
 */
export function estadoPedido(
  pedido: Pick<PedidoConGrupos, 'entregado' | 'grupoIds'>,
): EstadoPedido {
  if (pedido.entregado) return 'entregado';
  const vigentes = pedido.grupoIds.filter((grupo) => !grupoCancelado(grupo));
  if (pedido.grupoIds.length > 0 && vigentes.length === 0) return 'cancelado';
  if (vigentes.length > 0 && vigentes.every(grupoLleno)) return 'completo';
  return 'en-proceso';
}

/**
 * The tab an order goes to: En curso (not all groups full, not delivered), Completados (all
 * groups full, not delivered), Entregados (delivered).
 *
 * An order whose groups were all cancelled stays in En curso, marked 'Cancelado' in red with its
 * refunds: it never filled and was never delivered, and its refunds are what the shopper still
 * follows there (a refund may be in progress). Completados would promise a delivery code that
 * will never be used.
 */
export function pestaniaDePedido(
  pedido: Pick<PedidoConGrupos, 'entregado' | 'grupoIds'>,
): Pestania {
  const estado = estadoPedido(pedido);
  if (estado === 'entregado') return 'entregados';
  if (estado === 'completo') return 'completados';
  return 'en-curso';
}

/** The orders of each tab, in the order given. */
export function pedidosPorPestania<P extends Pick<PedidoConGrupos, 'entregado' | 'grupoIds'>>(
  pedidos: readonly P[],
): Record<Pestania, P[]> {
  const grupos: Record<Pestania, P[]> = { 'en-curso': [], completados: [], entregados: [] };
  for (const pedido of pedidos) grupos[pestaniaDePedido(pedido)].push(pedido);
  return grupos;
}

/** A short, readable reference of an order: its id's last six characters, upper-cased. */
export function referenciaPedido(pedidoId: string): string {
  return `#${pedidoId.slice(-6).toUpperCase()}`;
}
