import { ERROR_CODES, type LinkPagoResponse } from '@compra-grupal/contracts';
import type { CheckoutPort, PagoLeido } from '../../adapters/payments/payments.port';
import { verificarFirma } from '../../adapters/payments/webhook-signature';
import type { Repositories } from '../../composition';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import type { PagoRepository } from './pago.repository';

export interface PagoServiceOptions {
  withTransaction: WithTransaction<Repositories>;
  checkout: CheckoutPort | undefined;
  /** The seller's current access token (mercadopago-vinculacion.service). */
  accessTokenVigente: (usuarioId: string) => Promise<string | undefined>;
  /**
   * The current access token of the seller with this Mercado Pago user id (a notification's
   * `user_id`), for reading the payment on the seller's account; real Mercado Pago needs it.
   */
  accessTokenDeCuentaMp?: (mpUsuarioId: string) => Promise<string | undefined>;
  publicUrl: string;
  notificationUrl: string;
  webhookSecret: string;
  feePercent: number;
  clock?: Clock;
  /**
   * Tests only: called after each step of applying a notification, so a crash test can stop
   * there (default: nothing). `leido` after the provider's read, `antesDelCommit` inside the
   * transaction after its writes, `confirmado` after the commit (before the refund call),
   * `reembolsoHecho` after the provider's refund, before it is recorded.
   */
  despuesDe?: (paso: PasoDePago) => void | Promise<void>;
}

export type PasoDePago = 'leido' | 'antesDelCommit' | 'confirmado' | 'reembolsoHecho';

const noDisponible = () => appError(503, 'MERCADOPAGO_NO_DISPONIBLE');

/**
 * Payments of orders (docs/decisions/025): the seller's preference (GET pedido/linkPago) and
 * the provider's notifications, applied exactly once whatever their order or number.
 */
export function createPagoService(repository: PagoRepository, options: PagoServiceOptions) {
  const { withTransaction, checkout, clock = systemClock, despuesDe = () => {} } = options;
  const transaccionDeAplicar: WithTransaction<Repositories> = (work) =>
    withTransaction(async (repos) => {
      const resultado = await work(repos);
      await despuesDe('antesDelCommit');
      return resultado;
    });

  /**
   * Applies what the provider says of a payment: one call (`aplicar_pago`, migration 0016)
   * in a transaction of its own. Answers whether the payment must be refunded (an approval
   * that cannot become a sale).
   */
  async function aplicar(leido: PagoLeido): Promise<boolean> {
    const resultado = await transaccionDeAplicar((repos) =>
      repos.pago.aplicarPago({
        pedidoId: leido.externalReference,
        tiendaId: leido.metadata.tiendaId,
        proveedorPagoId: leido.id,
        estado: leido.status,
        montoCentavos: leido.amountCentavos,
        ahora: clock.now(),
      }),
    );
    return resultado === 'reembolsar';
  }

  /** Refunds through the provider (idempotent key), then records it. */
  async function reembolsar(leido: PagoLeido): Promise<void> {
    if (!checkout) throw noDisponible();
    // With the token of the seller the payment is on (real Mercado Pago needs it).
    const vendedor = await repository.pagoDeVendedor(
      leido.externalReference,
      leido.metadata.tiendaId,
    );
    const accessToken = vendedor
      ? await options.accessTokenVigente(vendedor.vendedorId)
      : undefined;
    const reembolso = await checkout.reembolsar(leido.id, `reembolso-${leido.id}`, accessToken);
    await despuesDe('reembolsoHecho');
    await withTransaction(async (repos) => {
      await repos.pago.guardarPagoProveedor({
        proveedorPagoId: leido.id,
        pedidoId: leido.externalReference,
        tiendaId: leido.metadata.tiendaId,
        estado: 'reembolsado',
        montoCentavos: leido.amountCentavos,
        reembolsoId: reembolso.id,
        actualizadoEn: clock.now(),
      });
    });
  }

  return {
    /**
     * The refund sweep: approvals recorded `a_reembolsar` more than a minute ago whose refund
     * never followed (the process stopped between the commit and the provider's call) are
     * refunded now, with the same idempotency key. Answers how many; throws after trying them
     * all if any failed, so the job is retried.
     */
    async reembolsarPendientes(): Promise<number> {
      const filas = await repository.reembolsosPendientes(
        new Date(clock.now().getTime() - 60_000),
        100,
      );
      let fallidos = 0;
      for (const fila of filas) {
        try {
          await reembolsar({
            id: fila.proveedorPagoId,
            status: 'approved',
            externalReference: fila.pedidoId,
            metadata: { tiendaId: fila.tiendaId },
            amountCentavos: fila.montoCentavos,
          });
        } catch {
          fallidos++;
        }
      }
      if (fallidos > 0) throw new Error(`No se pudieron reembolsar ${fallidos} pagos`);
      return filas.length;
    },

    /** GET pedido/linkPago/{pedidoId}/{tiendaId}: the seller's checkout link for the shopper. */
    async linkPago(
      actor: Actor | null,
      pedidoId: string,
      tiendaId: string,
    ): Promise<LinkPagoResponse> {
      requireActor(actor);
      const pedido = await repository.findPedido(pedidoId);
      if (!pedido) throw notFound('PEDIDO_NO_ENCONTRADO');
      requireOwner(actor, pedido.usuarioId);
      const fila = await repository.pagoDeVendedor(pedidoId, tiendaId);
      if (!fila) throw notFound('PAGO_NO_ENCONTRADO');
      const { pago } = fila;
      if (pago.estado === 'aprobado') throw appError(409, 'PAGO_YA_APROBADO');
      const ahora = clock.now();
      // A rejected attempt can be paid again, as on the provider's page, while the order's
      // reservation time lasts; its released units are taken again on approval if still there
      // (else that approval is refunded: docs/decisions/025).
      const pagable = pago.estado === 'pendiente' || pago.estado === 'rechazado';
      if (!pagable || pedido.reservaExpiraEn <= ahora) {
        throw appError(409, 'RESERVA_VENCIDA');
      }
      const guardada = await repository.preferenciaVigente(pago.id, ahora);
      if (guardada) return { init_point: guardada.initPoint };
      if (!checkout) throw noDisponible();
      const accessToken = await options.accessTokenVigente(fila.vendedorId);
      if (!accessToken) {
        throw new AppError(
          409,
          ERROR_CODES.tiendasSinMp,
          `Estas tiendas todavía no tienen Mercado Pago configurado: ${fila.tiendaNombre}`,
          undefined,
          [{ nombre: fila.tiendaNombre }],
        );
      }
      const lineas = await repository.lineasDeVendedor(pedidoId, tiendaId);
      const vuelta = (ruta: string) => {
        const url = new URL(`${options.publicUrl}${ruta}`);
        url.searchParams.set('pedidoId', pedidoId);
        return url.href;
      };
      // Outside any transaction (CONVENTIONS 15); stored afterwards.
      const preferencia = await checkout.crearPreferencia({
        items: lineas.map((l) => ({
          id: l.productoId,
          title: l.nombre,
          quantity: l.cantidad,
          unitPriceCentavos: l.precioCentavos,
        })),
        envioCentavos: pago.envioCentavos,
        marketplaceFeeCentavos: Math.round((pago.montoCentavos * options.feePercent) / 100),
        externalReference: pedidoId,
        metadata: { tiendaId, tiendaNombre: fila.tiendaNombre },
        notificationUrl: options.notificationUrl,
        backUrls: {
          success: vuelta('/success'),
          failure: vuelta('/failure'),
          pending: vuelta('/success'),
        },
        expiresAt: pedido.reservaExpiraEn,
        accessToken,
      });
      await repository.guardarPreferencia({
        pagoPorVendedorId: pago.id,
        preferenciaId: preferencia.id,
        initPoint: preferencia.initPoint,
        expiraEn: pedido.reservaExpiraEn,
      });
      return { init_point: preferencia.initPoint };
    },

    /**
     * POST pago/webhook: checks the signature (401 forged, stale), then re-reads the payment
     * from the provider and applies it once. Notifications of other topics are acknowledged.
     */
    async notificacion(input: {
      dataId: string | undefined;
      tipo: string | undefined;
      firma: string | undefined;
      requestId: string | undefined;
      /** The notification's `user_id`: the seller's Mercado Pago account. */
      usuarioMp?: string | undefined;
    }): Promise<void> {
      const dataId = input.dataId ?? '';
      const verificada = verificarFirma(options.webhookSecret, {
        firma: input.firma,
        dataId,
        requestId: input.requestId,
        ahora: clock.now(),
      });
      if (verificada !== 'valida') throw appError(401, 'FIRMA_INVALIDA');
      if (input.tipo !== undefined && input.tipo !== 'payment') return;
      if (!/^\d{1,20}$/.test(dataId)) return;
      if (!checkout) throw noDisponible();
      const accessToken =
        input.usuarioMp && options.accessTokenDeCuentaMp
          ? await options.accessTokenDeCuentaMp(input.usuarioMp)
          : undefined;
      const leido = await checkout.obtenerPago(dataId, accessToken);
      if (!leido || !/^[0-9a-f]{24}$/.test(leido.externalReference)) return;
      // A payment read on one seller's account never pays another store's part.
      if (
        input.usuarioMp !== undefined &&
        (await repository.mpUsuarioDeTienda(leido.metadata.tiendaId)) !== input.usuarioMp
      ) {
        return;
      }
      await despuesDe('leido');
      const aReembolsar = await aplicar(leido);
      await despuesDe('confirmado');
      if (aReembolsar) await reembolsar(leido);
    },
  };
}

export type PagoService = ReturnType<typeof createPagoService>;
