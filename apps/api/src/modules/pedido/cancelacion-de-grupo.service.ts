import {
  type CancelarGrupoResponse,
  ERROR_CODES,
  type GrupoParaAdmin,
} from '@compra-grupal/contracts';
import type { GrupoDeCompraRow } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { centavosAPesos } from '../../lib/money';
import { AVISO_GRUPO_HORAS, type Mensajes } from '../aviso/mensajes.service';
import {
  type CancelacionDelGrupo,
  type CancelacionRepository,
  cancelarGrupo,
} from '../grupo-de-compra/grupo-de-compra.ports';
import { reembolsoPorCancelacion } from './ciclo-de-vida';
import type { CicloDeVida } from './ciclo-de-vida.service';
import type { PartesDeGrupos } from './pedido.ports';
import type { ReembolsosService } from './reembolsos.service';
import type { RepositoriosDelCiclo } from './unidades-del-ciclo';

export const GRUPO_CANCELADO = 'Grupo cancelado';

export interface CancelacionDeGrupoDeps {
  repositories: { cancelacion: CancelacionRepository; cicloDeVida: PartesDeGrupos };
  /** The group's rows, and what the lifecycle writes when it refunds the group. */
  withTransaction: WithTransaction<
    RepositoriosDelCiclo & {
      grupoDeCompra: CancelacionDelGrupo['grupoDeCompra'] &
        RepositoriosDelCiclo['grupoDeCompra'] & {
          findById(id: string): Promise<GrupoDeCompraRow | undefined>;
        };
    }
  >;
  /** The order lifecycle: what a cancelled group gives back. */
  cicloDeVida: CicloDeVida;
  /** The refund ledger's worker: makes the refunds after the commit. */
  reembolsos: Pick<ReembolsosService, 'hacerAhora' | 'pendientesDeGrupo'>;
  /** Warns sellers of groups about to expire with places empty (docs/decisions/042). */
  mensajes?: Pick<Mensajes, 'gruposPorVencer'>;
  clock?: Clock;
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

/**
 * Cancelling an open group and refunding its participants (DESIGN.md section 3, Purchase
 * groups; docs/decisions/026, 028 and 046), for the product team (admin screen, command line)
 * and the deadline job alike; the callers check access. The order lifecycle's: the ledger
 * (grupo-de-compra) ends the group, this decides what that gives back.
 *
 * One transaction: the orders with places in the group locked, then the ledger's
 * `cancelarGrupo` (the product locked, `abierto -> cancelado`, 409 GRUPO_NO_CANCELABLE
 * otherwise, 404 GRUPO_NO_ENCONTRADO, `grupoActualizado`, the product's next group if it is on
 * sale), then the refunds the lifecycle decides (one per participation of a paid order, never
 * twice) and the units back on sale. After the commit each refund is tried at once through the
 * refund ledger; what fails is retried by its job.
 */
export function createCancelacionDeGrupoService({
  repositories,
  withTransaction,
  cicloDeVida,
  reembolsos,
  mensajes,
  clock = systemClock,
}: CancelacionDeGrupoDeps) {
  const repo = repositories.cancelacion;

  /** Cancels an open group and refunds its participants (see above). */
  async function cancelar(grupoId: string): Promise<CancelacionDeGrupo> {
    const { grupo, ids, montoCentavos } = await withTransaction(async (repos) => {
      const antes = await repos.grupoDeCompra.findById(grupoId);
      if (!antes) throw notFound('GRUPO_NO_ENCONTRADO');
      // The orders with places in the group before its product (docs/decisions/046): what
      // this cancellation gives back depends on their other groups, so a cancellation of one
      // of those at the same moment waits here and then reads this one's outcome.
      const pedidoIds = await repos.cicloDeVida.findPedidosDeGrupos([grupoId]);
      await repos.bloqueos.bloquear({ pedidos: pedidoIds });
      const ahora = clock.now();
      const { grupo: cancelado } = await cancelarGrupo(repos, antes, ahora);
      // An order that took places between the read and the product lock is locked late (out
      // of order: a rare deadlock, which the unit of work retries).
      const tarde = (await repos.cicloDeVida.findPedidosDeGrupos([grupoId])).filter(
        (id) => !pedidoIds.includes(id),
      );
      await repos.bloqueos.bloquear({ pedidos: tarde });
      const reembolsado = await cicloDeVida.reembolsarGrupoCancelado(repos, grupoId, ahora);
      return { grupo: cancelado, ...reembolsado };
    });
    const { hechos } = await reembolsos.hacerAhora(ids);
    return { grupo, reembolsos: ids.length, montoCentavos, reembolsados: hechos };
  }

  return {
    cancelar,

    /** How many refunds of the group the provider has not confirmed yet. */
    pendientesDeGrupo: (grupoId: string) => reembolsos.pendientesDeGrupo(grupoId),

    /**
     * Warns, once per group, the sellers of open groups whose deadline comes within
     * AVISO_GRUPO_HORAS with places still empty (the deadline job runs it each minute).
     */
    async avisarPorVencer(): Promise<number> {
      if (!mensajes) return 0;
      const ahora = clock.now();
      const hasta = new Date(ahora.getTime() + AVISO_GRUPO_HORAS * 60 * 60_000);
      return withTransaction((repos) => mensajes.gruposPorVencer(repos, ahora, hasta));
    },

    /** Cancels the open groups whose deadline passed; answers how many. */
    async cancelarVencidos(): Promise<number> {
      let cancelados = 0;
      for (const grupoId of await repo.findVencidos(clock.now())) {
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

    /** The open groups for the product team's screen, with what cancelling each refunds. */
    async abiertos(): Promise<GrupoParaAdmin[]> {
      const filas = await repo.findAbiertosParaAdmin();
      const montos = await montosDeCancelacion(
        repositories.cicloDeVida,
        filas.map((f) => f.grupo.id),
        clock.now(),
      );
      return filas.map((f) => ({
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
        montoAReembolsar: centavosAPesos(montos.get(f.grupo.id) ?? 0),
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

/** What cancelling each group would refund now, by the lifecycle's rule. */
async function montosDeCancelacion(
  cicloDeVida: PartesDeGrupos,
  grupoIds: string[],
  ahora: Date,
): Promise<Map<string, number>> {
  const pedidoIds = await cicloDeVida.findPedidosDeGrupos(grupoIds);
  const partes = await cicloDeVida.findPartes(pedidoIds, ahora);
  const montos = new Map<string, number>();
  for (const parte of partes) {
    if (parte.estadoPago !== 'aprobado') continue;
    for (const grupoId of new Set(parte.participaciones.map((p) => p.grupoId))) {
      if (!grupoIds.includes(grupoId)) continue;
      montos.set(grupoId, (montos.get(grupoId) ?? 0) + reembolsoPorCancelacion(parte, grupoId));
    }
  }
  return montos;
}

export type CancelacionDeGrupoService = ReturnType<typeof createCancelacionDeGrupoService>;
