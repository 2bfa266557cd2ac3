import { numeroDePedido } from '@compra-grupal/contracts';
import { formatearCentavos } from '../../lib/money';
import { formatearFecha } from '../../lib/texto-es';
import { sinAvisoConClave } from './aviso.repository';
import type { RepositoriosDelAviso } from './aviso.service';
import { avisarAcotado, type DepsDeMensajes, LOTE, rutas } from './mensajes-comun';

/**
 * The shopper's messages about an order (docs/decisions/042): created, a seller's payment
 * approved (the receipt), delivered, and its reservation about to end.
 */
export function createMensajesDePedido(deps: DepsDeMensajes) {
  const avisar = avisarAcotado(deps);

  async function reservaPorVencer(
    repos: RepositoriosDelAviso,
    pedido: { id: string; usuarioId: string; reservaExpiraEn: Date },
  ) {
    const u = await repos.usuario.findContacto(pedido.usuarioId);
    if (!u) return;
    const pendientes = (await repos.pedidoParaMensajes.findPagos(pedido.id)).filter(
      (p) => p.estado !== 'aprobado',
    );
    if (pendientes.length === 0) return;
    const numero = numeroDePedido(pedido.id);
    const vence = formatearFecha(pedido.reservaExpiraEn);
    await avisar(repos, {
      clave: `reserva-por-vencer:${pedido.id}`,
      usuarioId: pedido.usuarioId,
      tipo: 'reserva_por_vencer',
      titulo: `Tu reserva del pedido ${numero} vence pronto`,
      cuerpo: `Vence el ${vence}. Falta pagar a ${pendientes.map((p) => p.tienda).join(', ')}.`,
      enlace: rutas.pagar(pedido.id),
      correo: {
        para: u.email,
        plantilla: 'reserva-por-vencer',
        datos: {
          nombre: u.nombre,
          numero,
          vence,
          pendientes: pendientes.map((p) => ({
            tienda: p.tienda,
            monto: formatearCentavos(p.montoCentavos),
          })),
          ruta: rutas.pagar(pedido.id),
        },
      },
    });
  }

  return {
    /** The order was just created: each seller's payment is still to pay (pedido.service). */
    async pedidoCreado(repos: RepositoriosDelAviso, pedidoId: string): Promise<void> {
      const pedido = await repos.pedidoParaMensajes.findPedido(pedidoId);
      if (!pedido) return;
      const u = await repos.usuario.findContacto(pedido.usuarioId);
      if (!u) return;
      const pagos = await repos.pedidoParaMensajes.findPagos(pedidoId);
      const numero = numeroDePedido(pedidoId);
      const total = formatearCentavos(pagos.reduce((t, p) => t + p.montoCentavos, 0));
      const vence = formatearFecha(pedido.reservaExpiraEn);
      await avisar(repos, {
        clave: `pedido-creado:${pedidoId}`,
        usuarioId: pedido.usuarioId,
        tipo: 'pedido_creado',
        titulo: `Pedido ${numero} creado: falta pagar`,
        cuerpo: `Total ${total} en ${pagos.length} ${pagos.length === 1 ? 'pago' : 'pagos'}. La reserva vence el ${vence}.`,
        enlace: rutas.pagar(pedidoId),
        correo: {
          para: u.email,
          plantilla: 'pedido-creado',
          datos: {
            nombre: u.nombre,
            numero,
            total,
            vence,
            pagos: pagos.map((p) => ({
              tienda: p.tienda,
              monto: formatearCentavos(p.montoCentavos),
            })),
            ruta: rutas.pagar(pedidoId),
          },
        },
      });
    },

    /** One seller's payment was approved: the receipt (ciclo-de-vida.service `aplicarPago`). */
    async pagoAprobado(
      repos: RepositoriosDelAviso,
      { pedidoId, tiendaId, ahora }: { pedidoId: string; tiendaId: string; ahora: Date },
    ): Promise<void> {
      // Both reads go out at once (one round trip on a pipelined connection, db/client.ts).
      const [fila, lineas] = await Promise.all([
        repos.pedidoParaMensajes.findRecibo(pedidoId, tiendaId),
        repos.pedidoParaMensajes.findLineasDelRecibo(pedidoId, tiendaId),
      ]);
      if (!fila) return;
      const u = { nombre: fila.nombre, email: fila.email };
      const numero = numeroDePedido(pedidoId);
      const total = formatearCentavos(fila.montoCentavos);
      await avisar(repos, {
        clave: `pago-aprobado:${pedidoId}:${tiendaId}`,
        usuarioId: fila.usuarioId,
        tipo: 'pago_aprobado',
        titulo: `Pago aprobado: ${fila.tienda}`,
        cuerpo: `Tu pago de ${total} del pedido ${numero} fue aprobado.`,
        enlace: rutas.detalleDePago(pedidoId),
        correo: {
          para: u.email,
          plantilla: 'pago-aprobado',
          datos: {
            nombre: u.nombre,
            numero,
            tienda: fila.tienda,
            razonSocial: fila.razonSocial,
            lineas: lineas.map((l) => ({
              producto: l.producto,
              cantidad: l.cantidad,
              precio: formatearCentavos(l.precioCentavos),
              subtotal: formatearCentavos(l.precioCentavos * l.cantidad),
            })),
            envio: formatearCentavos(fila.envioCentavos),
            total,
            fecha: formatearFecha(ahora),
            ruta: rutas.detalleDePago(pedidoId),
          },
        },
      });
    },

    /** Every part of the order is delivered (entrega.service). */
    async pedidoEntregado(
      repos: RepositoriosDelAviso,
      { pedidoId, ahora }: { pedidoId: string; ahora: Date },
    ): Promise<void> {
      const pedido = await repos.pedidoParaMensajes.findPedido(pedidoId);
      if (!pedido) return;
      const u = await repos.usuario.findContacto(pedido.usuarioId);
      if (!u) return;
      const numero = numeroDePedido(pedidoId);
      const fecha = formatearFecha(ahora);
      await avisar(repos, {
        clave: `pedido-entregado:${pedidoId}`,
        usuarioId: pedido.usuarioId,
        tipo: 'pedido_entregado',
        titulo: `Pedido ${numero} entregado`,
        cuerpo: `Tu pedido ${numero} fue entregado el ${fecha}.`,
        enlace: rutas.misPedidos,
        correo: {
          para: u.email,
          plantilla: 'pedido-entregado',
          datos: { nombre: u.nombre, numero, fecha, ruta: rutas.misPedidos },
        },
      });
    },

    /**
     * The orders whose reservation ends before `hasta` while some seller is unpaid, not warned
     * yet (the expiry sweep's job, pedido.service): each shopper is warned once per order.
     * Answers how many were warned.
     */
    async reservasPorVencer(
      repos: RepositoriosDelAviso,
      ahora: Date,
      hasta: Date,
    ): Promise<number> {
      const filas = await repos.pedidoParaMensajes.findReservasPorVencer({
        ahora,
        hasta,
        limite: LOTE,
        sinAviso: sinAvisoConClave('reserva-por-vencer:'),
      });
      for (const pedido of filas) await reservaPorVencer(repos, pedido);
      return filas.length;
    },
  };
}
