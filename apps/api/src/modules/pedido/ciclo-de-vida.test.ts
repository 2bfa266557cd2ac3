import { describe, expect, it } from 'vitest';
import {
  estadoDeParte,
  estadoDePedido,
  lineaSigue,
  type ParteDelCiclo,
  porQueNoSeEntrega,
  reembolsoPorCancelacion,
  vistaDelPedido,
} from './ciclo-de-vida';

const parte = (cambios: Partial<ParteDelCiclo> = {}): ParteDelCiclo => ({
  estadoPago: 'aprobado',
  pagoEnAcreditacion: false,
  reservaVencida: false,
  entregada: false,
  envioCentavos: 500,
  lineas: [
    { productoId: 'p1', precioCentavos: 1000 },
    { productoId: 'p2', precioCentavos: 2000 },
  ],
  participaciones: [
    {
      grupoId: 'g1',
      productoId: 'p1',
      productoNombre: 'Yerba',
      estadoGrupo: 'abierto',
      cantidad: 1,
      lugaresOcupados: 3,
      lugaresNecesarios: 5,
    },
    { grupoId: 'g2', productoId: 'p2', estadoGrupo: 'cerrado', cantidad: 2 },
  ],
  reembolsadoCentavos: 0,
  ...cambios,
});

describe('the order lifecycle policy', () => {
  it('a paid part waits while a group fills, is ready when every group that goes on is full', () => {
    expect(estadoDeParte(parte())).toBe('esperando_grupo');
    expect(porQueNoSeEntrega(parte())).toBe('el grupo de Yerba tiene 3 de 5 lugares ocupados');
    const cerrado = parte({
      participaciones: [
        { grupoId: 'g1', productoId: 'p1', estadoGrupo: 'cancelado', cantidad: 1 },
        { grupoId: 'g2', productoId: 'p2', estadoGrupo: 'cerrado', cantidad: 2 },
      ],
    });
    // The stranded part of the issue: a cancelled group does not block the rest.
    expect(estadoDeParte(cerrado)).toBe('lista');
    expect(porQueNoSeEntrega(cerrado)).toBeNull();
    expect(lineaSigue(cerrado, 'p1')).toBe(false);
    expect(lineaSigue(cerrado, 'p2')).toBe(true);
  });

  it('a cancelled group refunds its places; the last one refunds the shipping too', () => {
    expect(reembolsoPorCancelacion(parte(), 'g1')).toBe(1000);
    const soloG1 = parte({
      participaciones: [
        { grupoId: 'g1', productoId: 'p1', estadoGrupo: 'abierto', cantidad: 1 },
        { grupoId: 'g2', productoId: 'p2', estadoGrupo: 'cancelado', cantidad: 2 },
      ],
    });
    expect(reembolsoPorCancelacion(soloG1, 'g1')).toBe(1000 + 500);
    const todoCancelado = parte({
      participaciones: soloG1.participaciones.map((p) => ({ ...p, estadoGrupo: 'cancelado' })),
    });
    expect(estadoDeParte(todoCancelado)).toBe('reembolsada');
  });

  it('unpaid parts: to pay, pending at the provider, rejected, expired', () => {
    expect(estadoDeParte(parte({ estadoPago: 'pendiente', participaciones: [] }))).toBe(
      'por_pagar',
    );
    expect(
      estadoDeParte(
        parte({ estadoPago: 'pendiente', pagoEnAcreditacion: true, participaciones: [] }),
      ),
    ).toBe('en_acreditacion');
    expect(estadoDeParte(parte({ estadoPago: 'rechazado', participaciones: [] }))).toBe(
      'rechazado',
    );
    expect(
      estadoDeParte(parte({ estadoPago: 'rechazado', reservaVencida: true, participaciones: [] })),
    ).toBe('vencido');
    expect(estadoDeParte(parte({ estadoPago: 'reembolsado' }))).toBe('reembolsada');
    expect(estadoDeParte(parte({ entregada: true }))).toBe('entregada');
  });

  it('the order: to pay, in progress, complete, delivered, refunded, expired', () => {
    expect(estadoDePedido(['lista', 'por_pagar'])).toBe('por_pagar');
    expect(estadoDePedido(['lista', 'esperando_grupo'])).toBe('en_proceso');
    expect(estadoDePedido(['lista', 'entregada', 'reembolsada'])).toBe('completo');
    expect(estadoDePedido(['entregada', 'reembolsada'])).toBe('entregado');
    expect(estadoDePedido(['reembolsada', 'reembolsada'])).toBe('reembolsado');
    // Expired with a part that was paid: it expired (the refund is its `reembolsado`).
    expect(estadoDePedido(['reembolsada', 'vencido'])).toBe('vencido');
    expect(estadoDePedido(['vencido'])).toBe('vencido');
  });
});

describe('the order as its shopper sees it (vistaDelPedido, issue 32)', () => {
  const sinPagar = (cambios: Partial<ParteDelCiclo> = {}) =>
    parte({ estadoPago: 'pendiente', participaciones: [], ...cambios });

  it('an unpaid order: each part can be paid, the order can be cancelled', () => {
    const vista = vistaDelPedido([sinPagar(), sinPagar({ estadoPago: 'rechazado' })]);
    expect(vista.estado).toBe('por_pagar');
    expect(vista.partes.map((p) => p.estado)).toEqual(['por_pagar', 'rechazado']);
    expect(vista.partes.map((p) => p.acciones.pagar)).toEqual([true, true]);
    expect(vista.acciones).toEqual({ pagar: true, cancelar: true });
    expect(vista.reembolsoTotal).toBe(false);
  });

  it('a part paid or being credited: no cancelling; the one being credited cannot be paid again', () => {
    const pagada = vistaDelPedido([parte({ participaciones: [] }), sinPagar()]);
    expect(pagada.acciones).toEqual({ pagar: true, cancelar: false });
    const acreditando = vistaDelPedido([sinPagar({ pagoEnAcreditacion: true }), sinPagar()]);
    expect(acreditando.partes.map((p) => p.acciones.pagar)).toEqual([false, true]);
    expect(acreditando.acciones).toEqual({ pagar: true, cancelar: false });
  });

  it('expired with one part paid and refunded, one rejected, one being credited: expired everywhere, the refund whole', () => {
    const vencida = { reservaVencida: true };
    const vista = vistaDelPedido([
      parte({
        ...vencida,
        estadoPago: 'reembolsado',
        participaciones: [],
        reembolsadoCentavos: 5680,
      }),
      sinPagar({ ...vencida, estadoPago: 'rechazado' }),
      sinPagar({ ...vencida, pagoEnAcreditacion: true }),
    ]);
    expect(vista.partes.map((p) => p.estado)).toEqual(['reembolsada', 'vencido', 'vencido']);
    expect(vista.estado).toBe('vencido');
    expect(vista.reembolsadoCentavos).toBe(5680);
    expect(vista.reembolsoTotal).toBe(true);
    expect(vista.acciones).toEqual({ pagar: false, cancelar: false });
    expect(vista.partes.every((p) => !p.acciones.pagar)).toBe(true);
  });

  it('expired, before the sweep, with a part paid: expired, nothing to pay', () => {
    const vista = vistaDelPedido([
      parte({ reservaVencida: true, participaciones: [] }),
      sinPagar({ reservaVencida: true, pagoEnAcreditacion: true }),
    ]);
    expect(vista.partes.map((p) => p.estado)).toEqual(['esperando_grupo', 'vencido']);
    expect(vista.estado).toBe('vencido');
    expect(vista.acciones.pagar).toBe(false);
  });

  it('a part refunded whole before approval: the order can no longer complete', () => {
    const vista = vistaDelPedido([
      parte({ estadoPago: 'reembolsado', participaciones: [], reembolsadoCentavos: 1000 }),
      sinPagar(),
    ]);
    expect(vista.partes.map((p) => p.estado)).toEqual(['reembolsada', 'vencido']);
    expect(vista.estado).toBe('vencido');
    expect(vista.acciones).toEqual({ pagar: false, cancelar: false });
  });

  it('one seller, its payment still being credited when the reservation ends: it may still complete', () => {
    const vista = vistaDelPedido([sinPagar({ reservaVencida: true, pagoEnAcreditacion: true })]);
    expect(vista.partes.map((p) => p.estado)).toEqual(['en_acreditacion']);
    expect(vista.estado).toBe('por_pagar');
    expect(vista.acciones).toEqual({ pagar: false, cancelar: false });
  });

  it('groups cancelled: refunded whole; one of two cancelled: a partial refund, it goes on', () => {
    const cancelada = vistaDelPedido([
      parte({
        estadoPago: 'reembolsado',
        participaciones: [
          { grupoId: 'g1', productoId: 'p1', estadoGrupo: 'cancelado', cantidad: 1 },
        ],
        reembolsadoCentavos: 1500,
      }),
    ]);
    expect(cancelada.estado).toBe('reembolsado');
    expect(cancelada.reembolsoTotal).toBe(true);
    expect(cancelada.partes[0]?.reembolsoTotal).toBe(true);
    const parcial = vistaDelPedido([
      parte({
        participaciones: [
          { grupoId: 'g1', productoId: 'p1', estadoGrupo: 'cancelado', cantidad: 1 },
          { grupoId: 'g2', productoId: 'p2', estadoGrupo: 'cerrado', cantidad: 2 },
        ],
        reembolsadoCentavos: 1000,
      }),
    ]);
    expect(parcial.estado).toBe('completo');
    expect(parcial.reembolsoTotal).toBe(false);
    expect(parcial.partes[0]).toMatchObject({ estado: 'lista', reembolsoTotal: false });
  });
});
