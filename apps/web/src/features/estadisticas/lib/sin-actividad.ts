import type { EstadisticasDeTienda } from '@compra-grupal/contracts';

/**
 * Nothing happened in the period: no payment, no refund, no order and no group to count.
 * Deliveries still pending are a fact of today, not of the period, and do not count.
 */
export function sinActividad(e: EstadisticasDeTienda): boolean {
  const { grupos } = e;
  return (
    e.ventas.pagado === 0 &&
    e.ventas.reembolsado === 0 &&
    e.pedidos === 0 &&
    e.unidades === 0 &&
    grupos.abiertos + grupos.completados + grupos.cancelados + grupos.vencidos === 0
  );
}
