import { describe, expect, it } from 'vitest';
import { crearGrupoDePedido, crearPedidoConGrupos, grupoId } from '@/test/pedidos-api';
import { estadoPedido, pedidosPorPestania, pestaniaDePedido } from './clasificar-pedido';

const grupo = crearGrupoDePedido;

describe('the tab of an order (spec part 2, section 4)', () => {
  it.each([
    ['one group open', [grupo({ estado: 'abierto' })], false, 'en-curso', 'en-proceso'],
    [
      'one closed, one open',
      [grupo({ estado: 'cerrado' }), grupo({ _id: grupoId(2), estado: 'abierto' })],
      false,
      'en-curso',
      'en-proceso',
    ],
    [
      'all closed or completed',
      [grupo({ estado: 'cerrado' }), grupo({ _id: grupoId(2), estado: 'completado' })],
      false,
      'completados',
      'completo',
    ],
    [
      'a cancelled group and the rest closed',
      [grupo({ estado: 'cancelado' }), grupo({ _id: grupoId(2), estado: 'cerrado' })],
      false,
      'completados',
      'completo',
    ],
    ['every group cancelled', [grupo({ estado: 'cancelado' })], false, 'en-curso', 'cancelado'],
    ['delivered', [grupo({ estado: 'completado' })], true, 'entregados', 'entregado'],
    [
      'delivered, whatever its groups say',
      [grupo({ estado: 'abierto' })],
      true,
      'entregados',
      'entregado',
    ],
    ['no groups', [], false, 'en-curso', 'en-proceso'],
  ] as const)('%s → %s', (_caso, grupoIds, entregado, pestania, estado) => {
    const pedido = crearPedidoConGrupos({ grupoIds: [...grupoIds], entregado });
    expect(pestaniaDePedido(pedido)).toBe(pestania);
    expect(estadoPedido(pedido)).toBe(estado);
  });

  it('splits a list by tab, keeping its order', () => {
    const a = crearPedidoConGrupos({ _id: 'a'.repeat(24) });
    const b = crearPedidoConGrupos({ _id: 'b'.repeat(24), entregado: true });
    const c = crearPedidoConGrupos({
      _id: 'c'.repeat(24),
      grupoIds: [grupo({ estado: 'cerrado' })],
    });
    const d = crearPedidoConGrupos({ _id: 'd'.repeat(24) });
    expect(pedidosPorPestania([a, b, c, d])).toEqual({
      'en-curso': [a, d],
      completados: [c],
      entregados: [b],
    });
  });
});
