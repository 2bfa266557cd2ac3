import { describe, expect, it } from 'vitest';
import {
  estadoDeParte,
  estadoDePedido,
  lineaSigue,
  type ParteDelCiclo,
  porQueNoSeEntrega,
  reembolsoPorCancelacion,
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
    expect(estadoDePedido(['reembolsada', 'vencido'])).toBe('reembolsado');
    expect(estadoDePedido(['vencido'])).toBe('vencido');
  });
});
