import {
  type CancelarGrupoResponse,
  ERROR_CODES,
  type GrupoParaAdmin,
} from '@compra-grupal/contracts';
import type { CheckoutPort } from '../../adapters/payments/payments.port';
import type { Repositories } from '../../composition';
import { type GrupoDeCompraRow, ULTIMO_ERROR_MAX } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { AppError, appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { redactText } from '../../lib/logger';
import { centavosAPesos } from '../../lib/money';
import { abrirGrupo, anunciarGrupo } from './grupo-de-compra.ledger';
import type { ReembolsoPorHacer } from './reembolso-de-grupo.repository';

export const GRUPO_CANCELADO = 'Grupo cancelado';

export interface CancelacionDeGrupoDeps {
  repositories: Pick<Repositories, 'reembolsoDeGrupo'>;
  withTransaction: WithTransaction<Repositories>;
  /** The payments port's checkout; undefined when payments are off (the refunds wait). */
  checkout: CheckoutPort | undefined;
  /** The seller's current access token (the payment lives on the seller's account). */
  accessTokenVigente: (usuarioId: string) => Promise<string | undefined>;
  clock?: Clock;
  log?: { warn(object: object, message: string): void };
}

/** What cancelling a group did. */
export interface CancelacionDeGrupo {
  grupo: GrupoDeCompraRow;
  /** The refunds recorded (one per participant that paid). */
  reembolsos: number;
  montoCentavos: number;
  /** The refunds the provider confirmed right after the commit. */
  reembolsados: number;
}

const textoDeError = (error: unknown): string => {
  const texto = redactText(
    error instanceof Error ? `${error.name}: ${error.message}` : 'Error desconocido',
  );
  return texto.length <= ULTIMO_ERROR_MAX ? texto : `${texto.slice(0, ULTIMO_ERROR_MAX - 1)}…`;
};

/**
 * Cancelling an open group and refunding its participants (DESIGN.md section 3, Purchase
 * groups; docs/decisions/026), for the product team (admin screen, command line) and the
 * deadline job alike; the callers check access.
 *
 * One transaction, after locking the product row as the places ledger does: the group
 * `abierto -> cancelado` (409 GRUPO_NO_CANCELABLE otherwise; 404 GRUPO_NO_ENCONTRADO), one
 * `reembolsos_de_grupo` row per participant that paid (never twice), `grupoActualizado` to the
 * group's, product's and store's rooms, and the product's next group if it is on sale. After
 * the commit (never inside: db/unit-of-work.ts) each refund is tried at once through the
 * payments port, a partial refund of the seller's payment by the participant's share with the
 * row's key; what fails stays `pendiente` and the jobs retry it every minute with the same key.
 */
export function createCancelacionDeGrupoService({
  repositories,
  withTransaction,
  checkout,
  accessTokenVigente,
  clock = systemClock,
  log,
}: CancelacionDeGrupoDeps) {
  const repo = repositories.reembolsoDeGrupo;

  /** One refund through the provider; true when it is confirmed now. */
  async function intentar(fila: ReembolsoPorHacer): Promise<boolean> {
    try {
      if (!checkout) throw new Error('Mercado Pago no está disponible');
      if (fila.montoCentavos > 0) {
        if (!fila.proveedorPagoId) throw new Error('El pedido no tiene un pago del proveedor');
        const accessToken = await accessTokenVigente(fila.vendedorId);
        const reembolso = await checkout.reembolsar(
          fila.proveedorPagoId,
          fila.clave,
          accessToken,
          fila.montoCentavos,
        );
        await repo.marcarReembolsado(fila.id, reembolso.id, clock.now());
      } else {
        // Nothing was paid for these places: nothing to give back.
        await repo.marcarReembolsado(fila.id, null, clock.now());
      }
      return true;
    } catch (error) {
      const ultimoError = textoDeError(error);
      log?.warn(
        { reembolsoId: fila.id, ultimoError },
        'reembolso de grupo fallido; se reintentará',
      );
      await repo.registrarFallo(fila.id, ultimoError);
      return false;
    }
  }

  /** Tries the pending refunds (of one group, or the oldest of all); answers how many went. */
  async function reembolsar(grupoId?: string): Promise<{ intentados: number; hechos: number }> {
    const filas = await repo.pendientes(grupoId ? { grupoId } : {});
    let hechos = 0;
    // One at a time: a seller's payment is refunded in parts, in order.
    for (const fila of filas) if (await intentar(fila)) hechos++;
    return { intentados: filas.length, hechos };
  }

  /** Cancels an open group and refunds its participants (see above). */
  async function cancelar(grupoId: string): Promise<CancelacionDeGrupo> {
    const { grupo, reembolsos, montoCentavos } = await withTransaction(async (repos) => {
      const antes = await repos.grupoDeCompra.findById(grupoId);
      if (!antes) throw notFound('GRUPO_NO_ENCONTRADO');
      const producto = await repos.grupoDeCompra.lockProducto(antes.productoId);
      if (!producto) throw notFound('GRUPO_NO_ENCONTRADO');
      const cancelado = await repos.reembolsoDeGrupo.cancelar(grupoId);
      if (!cancelado) throw appError(409, 'GRUPO_NO_CANCELABLE');
      const filas = await repos.reembolsoDeGrupo.registrarReembolsos(grupoId);
      await anunciarGrupo(repos, producto, cancelado);
      if (producto.disponible) await abrirGrupo(repos, producto);
      return {
        grupo: cancelado,
        reembolsos: filas.length,
        montoCentavos: filas.reduce((t, f) => t + f.montoCentavos, 0),
      };
    });
    const { hechos } = await reembolsar(grupo.id);
    return { grupo, reembolsos, montoCentavos, reembolsados: hechos };
  }

  return {
    cancelar,

    /** How many refunds of the group the provider has not confirmed yet. */
    pendientesDeGrupo: async (grupoId: string) => (await repo.pendientes({ grupoId })).length,

    /** The refunds still pending, retried (the jobs, every minute). */
    reembolsarPendientes: () => reembolsar(),

    /** Cancels the open groups whose deadline passed; answers how many. */
    async cancelarVencidos(): Promise<number> {
      let cancelados = 0;
      for (const grupoId of await repo.vencidos(clock.now())) {
        try {
          await cancelar(grupoId);
          cancelados++;
        } catch (error) {
          // Filled or cancelled since the query: nothing to do.
          if (!(error instanceof AppError && error.code === ERROR_CODES.grupoNoCancelable)) {
            throw error;
          }
        }
      }
      return cancelados;
    },

    /** The open groups for the product team's screen. */
    async abiertos(): Promise<GrupoParaAdmin[]> {
      return (await repo.abiertosParaAdmin()).map((f) => ({
        _id: f.grupo.id,
        estado: f.grupo.estado,
        lugaresNecesarios: f.grupo.lugaresNecesarios,
        lugaresOcupados: f.grupo.lugaresOcupados,
        fechaCreacion: f.grupo.fechaCreacion.toISOString(),
        fechaLimite: f.grupo.fechaLimite?.toISOString() ?? null,
        productoId: f.grupo.productoId,
        productoNombre: f.productoNombre,
        tiendaNombre: f.tiendaNombre,
        participantes: f.participantes,
        montoAReembolsar: centavosAPesos(f.montoCentavos),
      }));
    },

    /** The answer of a cancellation on the wire. */
    respuesta: (c: CancelacionDeGrupo): CancelarGrupoResponse => ({
      mensaje: GRUPO_CANCELADO,
      reembolsos: c.reembolsos,
      montoReembolsado: centavosAPesos(c.montoCentavos),
    }),
  };
}

export type CancelacionDeGrupoService = ReturnType<typeof createCancelacionDeGrupoService>;
