import { ERROR_CODES, type LinkPagoResponse } from '@compra-grupal/contracts';
import type { CheckoutPort, PagoLeido } from '../../adapters/payments/payments.port';
import { verificarFirma } from '../../adapters/payments/webhook-signature';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { type MetricsPort, sinMetricas } from '../../metrics/metrics.port';
import type { CicloDeVida } from '../pedido/ciclo-de-vida.service';
import type { RepositoriosDelCiclo } from '../pedido/pedido.ports';
import type { ReembolsosService } from '../pedido/reembolsos.service';
import type { PagoRepository } from './pago.repository';

export interface PagoServiceOptions {
  /** A payment runs through the order lifecycle, with the repositories it writes through. */
  withTransaction: WithTransaction<RepositoriosDelCiclo>;
  /** The order lifecycle: what a payment does to its part. */
  cicloDeVida: CicloDeVida;
  /** The refund ledger's worker, for the refunds a payment records. */
  reembolsos: Pick<ReembolsosService, 'hacerAhora'>;
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
  /** Counts the payments applied (GET /metrics). */
  metrics?: Pick<MetricsPort, 'pagoAplicado'>;
  /**
   * Tests only: called after each step of applying a notification, so a crash test can stop
   * there (default: nothing). `leido` after the provider's read, `antesDelCommit` inside the
   * transaction after its writes, `confirmado` after the commit (before the refunds it
   * recorded are made), `reembolsoHecho` after them.
   */
  despuesDe?: (paso: PasoDePago) => void | Promise<void>;
}

export type PasoDePago = 'leido' | 'antesDelCommit' | 'confirmado' | 'reembolsoHecho';

const noDisponible = () => appError(503, 'MERCADOPAGO_NO_DISPONIBLE');

/**
 * Payments of orders (docs/decisions/025): the seller's preference (GET pedido/linkPago) and
 * the provider's notifications, applied exactly once whatever their order or number.
 */
export function createPagoService(options: PagoServiceOptions & { repository: PagoRepository }) {
  const {
    repository,
    withTransaction,
    checkout,
    cicloDeVida,
    reembolsos,
    clock = systemClock,
    metrics = sinMetricas,
    despuesDe = () => {},
  } = options;
  const transaccionDeAplicar: WithTransaction<RepositoriosDelCiclo> = (work) =>
    withTransaction(async (repos) => {
      const resultado = await work(repos);
      await despuesDe('antesDelCommit');
      return resultado;
    });

  /**
   * Applies what the provider says of a payment through the order lifecycle, in a transaction
   * of its own; the refunds it records are made right after the commit.
   */
  async function aplicarPagoLeido(leido: PagoLeido): Promise<void> {
    const { resultado, reembolsoIds } = await transaccionDeAplicar((repos) =>
      cicloDeVida.aplicarPago(
        repos,
        {
          proveedorPagoId: leido.id,
          pedidoId: leido.externalReference,
          tiendaId: leido.metadata.tiendaId,
          estado: leido.status,
          montoCentavos: leido.amountCentavos,
          moneda: leido.currency,
          collectorId: leido.collectorId,
          comisiones: leido.comisiones,
        },
        clock.now(),
      ),
    );
    await despuesDe('confirmado');
    if (resultado === 'reembolsado') metrics.pagoAplicado('reembolsado');
    else if (resultado === 'aplicado') {
      metrics.pagoAplicado(leido.status === 'approved' ? 'aprobado' : 'rechazado');
    }
    if (reembolsoIds.length > 0) {
      await reembolsos.hacerAhora(reembolsoIds);
      await despuesDe('reembolsoHecho');
    }
  }

  return {
    /**
     * A payment as re-read from the provider, applied once (the webhook after its checks, and
     * the reconciliation job).
     */
    aplicarPagoLeido,

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
      const fila = await repository.findPagoDeVendedor(pedidoId, tiendaId);
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
      const guardada = await repository.findPreferenciaVigente(pago.id, ahora);
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
      const lineas = await repository.findLineasDeVendedor(pedidoId, tiendaId);
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
      await repository.insertPreferencia({
        pagoPorVendedorId: pago.id,
        preferenciaId: preferencia.id,
        initPoint: preferencia.initPoint,
        expiraEn: pedido.reservaExpiraEn,
        creadoEn: clock.now(),
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
        (await repository.findMpUsuarioDeTienda(leido.metadata.tiendaId)) !== input.usuarioMp
      ) {
        return;
      }
      await despuesDe('leido');
      await aplicarPagoLeido(leido);
    },
  };
}

export type PagoService = ReturnType<typeof createPagoService>;
