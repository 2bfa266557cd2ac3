import {
  type CheckoutPort,
  type EstadoPagoLeido,
  type PagoLeido,
  PaymentsProviderError,
} from '../../adapters/payments/payments.port';
import { type Clock, systemClock } from '../../lib/clock';
import type {
  ConciliacionRepository,
  CursorDeConciliacion,
  ParteAConciliar,
} from './conciliacion.repository';

/**
 * How long a payment's notification has to arrive before the provider is asked about it:
 * three minutes after the part's preference was created (or its pending payment last heard of).
 */
export const CONCILIACION_ESPERA_MS = 3 * 60_000;

/** Parts of orders older than this (two days) are no longer reconciled. */
export const CONCILIACION_VENTANA_MS = 2 * 24 * 60 * 60_000;

/** Parts asked about per pass. */
export const CONCILIACION_LOTE = 100;

/** After this many provider outages in a row the pass stops; the next one goes on from there. */
const CAIDAS_SEGUIDAS_MAXIMO = 3;

export interface ConciliacionServiceOptions {
  checkout: CheckoutPort | undefined;
  /** The seller's current access token (mercadopago-vinculacion.service). */
  accessTokenVigente: (usuarioId: string) => Promise<string | undefined>;
  /**
   * Applies a payment read from the provider, as a notification does after reading it (the
   * pago service: dedupe, amount/collector/reference checks, approval, refund).
   */
  aplicar: (leido: PagoLeido) => Promise<void>;
  log: { warn(object: object, message: string): void };
  clock?: Clock;
  /** Parts per pass (CONCILIACION_LOTE). */
  lote?: number;
}

export interface ResultadoDeConciliacion {
  /** Parts whose payments were read and applied. */
  revisadas: number;
  /** Payments handed to `aplicar` (applied, or found already applied). */
  leidos: number;
  /** Parts that failed (logged); the next pass that reaches them tries again. */
  fallidas: number;
  /** Where the next pass goes on; undefined: it starts over with the oldest part. */
  siguiente: CursorDeConciliacion | undefined;
}

/** An approval first: a rejection applied after it changes nothing, not the other way round. */
const ORDEN_DE_APLICACION: Record<EstadoPagoLeido, number> = {
  approved: 0,
  pending: 1,
  rejected: 2,
};

const cursorDe = (parte: ParteAConciliar): CursorDeConciliacion => ({
  creadoEn: parte.creadoEn,
  id: parte.id,
});

/**
 * The payment reconciliation (docs/decisions/025, Reconciliation): a notification can be lost
 * (the provider's, or the app's process killed before it applied one), so the parts of orders
 * that may have been paid without the app hearing of it are looked up at the provider
 * (`buscarPagos`, by order, with the seller's token) and every payment of that part's store is
 * applied through the notifications' own path. Applying is idempotent, so a payment already
 * applied changes nothing. Passes walk the parts oldest first, a batch at a time, going on
 * where the previous pass stopped, so every part is reached however many there are.
 */
export function createConciliacionService(
  options: ConciliacionServiceOptions & { repository: ConciliacionRepository },
) {
  const { repository, checkout, aplicar, log, clock = systemClock } = options;
  const lote = options.lote ?? CONCILIACION_LOTE;

  /** The parts of this pass, and where the next one goes on if the pass ends normally. */
  async function listar(despuesDe?: CursorDeConciliacion) {
    const ahora = clock.now().getTime();
    const partes = await repository.findPartesAConciliar({
      esperaHasta: new Date(ahora - CONCILIACION_ESPERA_MS),
      pedidosDesde: new Date(ahora - CONCILIACION_VENTANA_MS),
      despuesDe,
      limite: lote,
    });
    const ultima = partes.at(-1);
    // A full batch: there may be more after it. Fewer: the walk went round; start over.
    const siguiente = partes.length === lote && ultima ? cursorDe(ultima) : undefined;
    return { partes, siguiente };
  }

  /** Reads the part's payments at the provider and applies those of its store. */
  async function conciliarParte(parte: ParteAConciliar, port: CheckoutPort): Promise<number> {
    const accessToken = await options.accessTokenVigente(parte.vendedorId);
    const pagos = (await port.buscarPagos(parte.pedidoId, accessToken))
      .filter(
        (p) => p.externalReference === parte.pedidoId && p.metadata.tiendaId === parte.tiendaId,
      )
      .sort((a, b) => ORDEN_DE_APLICACION[a.status] - ORDEN_DE_APLICACION[b.status]);
    for (const leido of pagos) await aplicar(leido);
    return pagos.length;
  }

  return {
    /**
     * One pass: the parts after `despuesDe` (from the oldest when undefined). A part that fails
     * is logged and the others go on; after several provider outages in a row the pass stops
     * and `siguiente` points before the first of them.
     */
    async conciliar(despuesDe?: CursorDeConciliacion): Promise<ResultadoDeConciliacion> {
      const resultado: ResultadoDeConciliacion = {
        revisadas: 0,
        leidos: 0,
        fallidas: 0,
        siguiente: undefined,
      };
      if (!checkout) return resultado;
      const { partes, siguiente } = await listar(despuesDe);
      let caidasSeguidas = 0;
      // Where a stopped pass goes on: after the last part that was not a provider outage.
      let reanudarDespuesDe = despuesDe;
      for (const [i, parte] of partes.entries()) {
        try {
          resultado.leidos += await conciliarParte(parte, checkout);
          resultado.revisadas++;
          caidasSeguidas = 0;
        } catch (error) {
          resultado.fallidas++;
          const caida = error instanceof PaymentsProviderError && error.reason === 'unavailable';
          caidasSeguidas = caida ? caidasSeguidas + 1 : 0;
          log.warn(
            { pedidoId: parte.pedidoId, tiendaId: parte.tiendaId, err: error },
            'no se pudo conciliar el pago de una parte del pedido',
          );
        }
        if (caidasSeguidas === 0) reanudarDespuesDe = cursorDe(parte);
        if (caidasSeguidas >= CAIDAS_SEGUIDAS_MAXIMO && i < partes.length - 1) {
          log.warn(
            { sinRevisar: partes.length - i - 1 },
            'conciliación de pagos interrumpida: el proveedor no responde',
          );
          return { ...resultado, siguiente: reanudarDespuesDe };
        }
      }
      return { ...resultado, siguiente };
    },
  };
}

export type ConciliacionService = ReturnType<typeof createConciliacionService>;
