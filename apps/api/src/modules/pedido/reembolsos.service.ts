import type { ResultadoDeReintento } from '@compra-grupal/contracts';
import type { CheckoutPort } from '../../adapters/payments/payments.port';
import { type MotivoReembolso, ULTIMO_ERROR_MAX } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { type Clock, systemClock } from '../../lib/clock';
import { redactText } from '../../lib/logger';
import { type MetricsPort, sinMetricas } from '../../metrics/metrics.port';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import type { ReembolsoPorHacer, ReembolsoRepository } from './reembolso.repository';

/**
 * The motives that give back part of a payment: a cancelled group's share, and what a part paid
 * for 'Entrega en grupo' above its final share (docs/decisions/057). Every other gives it all.
 */
const REEMBOLSOS_PARCIALES: readonly MotivoReembolso[] = ['grupo_cancelado', 'envio_en_grupo'];

/** Tries before the retries stop and the refund waits for the product team. */
export const REEMBOLSO_MAX_INTENTOS = 12;
/** Tries after which the product team sees a refund as failing. */
export const REEMBOLSO_INTENTOS_ALERTA = 3;
/** The backoff: a minute, doubled each try, at most six hours. */
const ESPERA_BASE_MS = 60_000;
const ESPERA_MAX_MS = 6 * 60 * 60_000;

/**
 * How long a worker holds the refunds it claimed: longer than its provider calls can take,
 * so that two workers never call the provider for one refund; one that died leaves them to
 * the next worker after this.
 */
export const RECLAMO_REEMBOLSO_MS = 5 * 60_000;
const hastaReclamo = (ahora: Date) => new Date(ahora.getTime() + RECLAMO_REEMBOLSO_MS);

export const esperaTrasIntentos = (intentos: number) =>
  Math.min(ESPERA_BASE_MS * 2 ** Math.max(0, intentos - 1), ESPERA_MAX_MS);

const textoDeError = (error: unknown): string => {
  const texto = redactText(
    error instanceof Error ? `${error.name}: ${error.message}` : 'Error desconocido',
  );
  return texto.length <= ULTIMO_ERROR_MAX ? texto : `${texto.slice(0, ULTIMO_ERROR_MAX - 1)}…`;
};

export interface ReembolsosDeps {
  repository: ReembolsoRepository;
  /** The payments port's checkout; undefined when payments are off (the refunds wait). */
  checkout: CheckoutPort | undefined;
  /** The seller's current access token (the payment lives on the seller's account). */
  accessTokenVigente: (usuarioId: string) => Promise<string | undefined>;
  clock?: Clock;
  log?: { warn(object: object, message: string): void };
  /** Counts the refunds that fail (GET /metrics). */
  metrics?: Pick<MetricsPort, 'reembolsoFallido'>;
  /**
   * Tells the shopper a refund was sent and the seller one keeps failing (after
   * REEMBOLSO_INTENTOS_ALERTA tries), in the transaction that records it (docs/decisions/042).
   * Without it (the demo seed) the ledger's rows are written alone.
   */
  avisos?: {
    withTransaction: WithTransaction<RepositoriosDelAviso & { reembolso: ReembolsoRepository }>;
    mensajes: Pick<Mensajes, 'reembolsoEnviado' | 'reembolsoFallido'>;
  };
}

/**
 * The one refund ledger's worker (docs/decisions/028): makes the refunds recorded by the order
 * lifecycle through the payments port, after their transaction committed (never inside:
 * CONVENTIONS 15), with the row's key so a retry never refunds twice. A worker first claims
 * the rows it makes (`reclamado_hasta`, RECLAMO_REEMBOLSO_MS): a refund another worker holds
 * is left to it, so the provider is called once per try whatever the number of workers. A group's share is a
 * partial refund; every other motive gives the whole payment back. A failure is counted,
 * logged with the part and the provider's answer, and retried with backoff up to a cap; the
 * product team sees what keeps failing.
 */
export function createReembolsosService({
  repository,
  checkout,
  accessTokenVigente,
  clock = systemClock,
  log,
  metrics = sinMetricas,
  avisos,
}: ReembolsosDeps) {
  /** The refund is confirmed: its row and, the first time, the shopper's message. */
  async function marcarReembolsado(id: string, reembolsoId: string | null) {
    if (!avisos) {
      await repository.markReembolsado(id, reembolsoId, clock.now());
      return;
    }
    await avisos.withTransaction(async (repos) => {
      if (await repos.reembolso.markReembolsado(id, reembolsoId, clock.now())) {
        await avisos.mensajes.reembolsoEnviado(repos, id);
      }
    });
  }

  /** The try failed: its row and, once it failed often enough, the seller's message (once). */
  async function marcarFallo(id: string, intentos: number, ultimoError: string) {
    const proximo = new Date(clock.now().getTime() + esperaTrasIntentos(intentos));
    if (!avisos || intentos < REEMBOLSO_INTENTOS_ALERTA) {
      await repository.markFallo(id, ultimoError, proximo);
      return;
    }
    await avisos.withTransaction(async (repos) => {
      await repos.reembolso.markFallo(id, ultimoError, proximo);
      await avisos.mensajes.reembolsoFallido(repos, { reembolsoId: id, intentos });
    });
  }

  /** One refund through the provider; true when it is confirmed now. */
  async function intentar(fila: ReembolsoPorHacer): Promise<boolean> {
    try {
      if (!checkout) throw new Error('Mercado Pago no está disponible');
      if (fila.montoCentavos === 0) {
        // Nothing was paid for it: nothing to give back.
        await marcarReembolsado(fila.id, null);
        return true;
      }
      if (!fila.proveedorPagoId) throw new Error('La parte no tiene un pago del proveedor');
      const accessToken = await accessTokenVigente(fila.vendedorId);
      const parcial = REEMBOLSOS_PARCIALES.includes(fila.motivo) ? fila.montoCentavos : undefined;
      const reembolso = await checkout.reembolsar(
        fila.proveedorPagoId,
        fila.clave,
        accessToken,
        parcial,
      );
      await marcarReembolsado(fila.id, reembolso.id);
      return true;
    } catch (error) {
      const ultimoError = textoDeError(error);
      const intentos = fila.intentos + 1;
      metrics.reembolsoFallido();
      log?.warn(
        {
          reembolsoId: fila.id,
          pedidoId: fila.pedidoId,
          tiendaId: fila.tiendaId,
          motivo: fila.motivo,
          intentos,
          ultimoError,
        },
        intentos >= REEMBOLSO_MAX_INTENTOS
          ? 'reembolso fallido: sin más reintentos, lo revisa el equipo'
          : 'reembolso fallido; se reintentará',
      );
      await marcarFallo(fila.id, intentos, ultimoError);
      return false;
    }
  }

  /** Tries these refunds one at a time (a seller's payment is refunded in parts, in order). */
  async function hacer(filas: ReembolsoPorHacer[]) {
    let hechos = 0;
    for (const fila of filas) if (await intentar(fila)) hechos++;
    return { intentados: filas.length, hechos };
  }

  /** Right after the commit that recorded them (those no other worker holds). */
  async function hacerAhora(ids: string[]) {
    const ahora = clock.now();
    return hacer(await repository.reclamarPorIds(ids, ahora, hastaReclamo(ahora)));
  }

  return {
    hacerAhora,

    /**
     * A retry asked by the product team ('Dinero en curso'): one try now through the provider,
     * whatever its backoff or its count of tries, with the same key (so a refund is never made
     * twice), recorded with who asked and what it did. A refund already made is not tried; one
     * another worker holds right now is left to it. Undefined: no such refund.
     */
    async reintentar(
      reembolsoId: string,
      usuarioId: string,
    ): Promise<ResultadoDeReintento | undefined> {
      const antes = await repository.findEstado(reembolsoId);
      if (!antes) return undefined;
      let resultado: ResultadoDeReintento = 'ya_reembolsado';
      if (antes === 'pendiente') {
        const { intentados, hechos } = await hacerAhora([reembolsoId]);
        if (intentados > 0) resultado = hechos > 0 ? 'reembolsado' : 'fallido';
        else if ((await repository.findEstado(reembolsoId)) === 'pendiente') resultado = 'en_curso';
      }
      await repository.insertReintento({ reembolsoId, usuarioId, resultado, ahora: clock.now() });
      return resultado;
    },
    /** The retry job: the pending refunds whose backoff passed and no other worker holds. */
    hacerPendientes: async () => {
      const ahora = clock.now();
      return hacer(
        await repository.reclamarVencidos(ahora, hastaReclamo(ahora), REEMBOLSO_MAX_INTENTOS, 100),
      );
    },
    pendientesDeGrupo: (grupoId: string) => repository.countPendientesDeGrupo(grupoId),
    /** The product team's view of refunds in trouble. */
    fallidos: () => repository.findFallidos(REEMBOLSO_INTENTOS_ALERTA, 200),
  };
}

export type ReembolsosService = ReturnType<typeof createReembolsosService>;
