import { ESTADOS_PEDIDO } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { crearGrupoDePedido, crearPedidoConGrupos } from '@/test/pedidos-api';
import { pedidosPorPestania, pestaniaDePedido } from './clasificar-pedido';

describe('the tab of an order (spec part 2, section 4)', () => {
  it.each([
    ['por_pagar', 'en-curso'],
    ['en_proceso', 'en-curso'],
    ['completo', 'completados'],
    ['entregado', 'entregados'],
    ['reembolsado', 'cancelados'],
    ['vencido', 'cancelados'],
  ] as const)('%s → %s', (estado, pestania) => {
    expect(pestaniaDePedido(crearPedidoConGrupos({ estado }))).toBe(pestania);
  });

  it('covers every state the API sends', () => {
    for (const estado of ESTADOS_PEDIDO) {
      expect(pestaniaDePedido(crearPedidoConGrupos({ estado }))).toBeTypeOf('string');
    }
  });

  it("follows the API's state, not the groups", () => {
    // Groups that look full, but the API says a part is still waiting: En curso.
    const pedido = crearPedidoConGrupos({
      estado: 'en_proceso',
      grupoIds: [crearGrupoDePedido({ estado: 'cerrado', lugaresOcupados: 10 })],
    });
    expect(pestaniaDePedido(pedido)).toBe('en-curso');
  });

  it('splits a list by tab, keeping its order', () => {
    const a = crearPedidoConGrupos({ _id: 'a'.repeat(24) });
    const b = crearPedidoConGrupos({ _id: 'b'.repeat(24), estado: 'entregado', entregado: true });
    const c = crearPedidoConGrupos({ _id: 'c'.repeat(24), estado: 'completo' });
    const d = crearPedidoConGrupos({ _id: 'd'.repeat(24), estado: 'reembolsado' });
    expect(pedidosPorPestania([a, b, c, d])).toEqual({
      'en-curso': [a],
      completados: [c],
      entregados: [b],
      cancelados: [d],
    });
  });
});
