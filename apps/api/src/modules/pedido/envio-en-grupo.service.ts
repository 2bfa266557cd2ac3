import { z } from 'zod';
import type { PlanificadorDeRutas } from '../../adapters/rutas/rutas.port';
import type { WithTransaction } from '../../db/unit-of-work';
import { defineJobType, enqueueJob, type JobQueue } from '../../jobs/queued-job';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { repartirRuta } from '../envio/entrega-en-grupo';
import { estadoDeParte } from './ciclo-de-vida';
import type { CicloDeVidaRepository } from './ciclo-de-vida.repository';
import type { EnvioEnGrupoRepository } from './envio-en-grupo.repository';
import type { ReembolsosService } from './reembolsos.service';
import type { RepositoriosDelCiclo } from './unidades-del-ciclo';

/**
 * The job that settles a store's 'Entrega en grupo' (docs/decisions/057), enqueued in the
 * transaction that closes or cancels one of its groups.
 */
export const trabajoLiquidarEnvioEnGrupo = defineJobType({
  name: 'pedido.liquidar-envio-en-grupo',
  payload: z.object({ grupoId: z.string().max(64) }),
  maxIntentos: 10,
});

/** Another settlement of the store committed meanwhile: the job tries again from the start. */
class LiquidacionCambiada extends Error {
  constructor() {
    super('las partes por liquidar cambiaron mientras se planificaba la ruta');
  }
}

export type RepositoriosDeLiquidacion = RepositoriosDelCiclo & {
  envioEnGrupo: EnvioEnGrupoRepository;
};

/**
 * Settles 'Entrega en grupo' (docs/decisions/057): when a group closes, the store's paid parts
 * that ride it and are now ready for delivery share one planned route. Each part's final
 * share is fixed once, and what it paid above that goes back through the refund ledger
 * (motivo `envio_en_grupo`); the shopper is told when the refund goes through.
 */
export function createEnvioEnGrupo({
  repository,
  lecturasDelCiclo,
  withTransaction,
  rutas,
  reembolsos,
  jobs,
  clock,
}: {
  repository: EnvioEnGrupoRepository;
  lecturasDelCiclo: Pick<CicloDeVidaRepository, 'findPartes'>;
  withTransaction: WithTransaction<RepositoriosDeLiquidacion>;
  rutas: PlanificadorDeRutas;
  reembolsos: Pick<ReembolsosService, 'hacerAhora'>;
  jobs?: JobQueue;
  clock: Clock;
}) {
  /** The store's unsettled parts that are ready (or delivered already), oldest order first. */
  async function partesListas(tiendaId: string) {
    const candidatas = await repository.findPartesSinLiquidar(tiendaId);
    if (candidatas.length === 0) return [];
    const estados = await lecturasDelCiclo.findPartes(
      candidatas.map((c) => c.pedidoId),
      clock.now(),
    );
    return candidatas.filter((c) => {
      const parte = estados.find((p) => p.parteId === c.parteId);
      if (!parte) return false;
      const estado = estadoDeParte(parte);
      return estado === 'lista' || estado === 'entregada';
    });
  }

  return {
    /**
     * In the transaction that closes or cancels `grupoId` (a cancellation may leave a part
     * whose other groups closed ready): the settlement runs after it commits.
     */
    async alTerminarGrupo(
      repos: Pick<RepositoriosDelCiclo, 'ejecutor'>,
      grupoId: string,
    ): Promise<void> {
      if (!jobs) return;
      await enqueueJob(jobs, repos.ejecutor, trabajoLiquidarEnvioEnGrupo, { grupoId });
    },

    /**
     * Plans the route of the store's ready parts (outside any transaction: the planner may call
     * a routing engine), shares its price, then records each final share and refund at once,
     * under the orders' locks, if nothing changed meanwhile. Answers how many parts it settled.
     */
    async liquidar(grupoId: string): Promise<{ partes: number; rutaId?: string }> {
      const tiendaId = await repository.findTiendaDeGrupo(grupoId);
      if (!tiendaId) return { partes: 0 };
      const listas = (await partesListas(tiendaId)).filter(
        (p): p is typeof p & { latitud: number; longitud: number } =>
          p.latitud !== null && p.longitud !== null,
      );
      if (listas.length === 0) return { partes: 0 };
      const tarifa = await repository.findTarifa(tiendaId);
      if (!tarifa) return { partes: 0 };
      const origen = { latitud: tarifa.latitud, longitud: tarifa.longitud };
      const ruta = await rutas.planificar({
        origen,
        paradas: listas.map((p) => ({ id: p.parteId, latitud: p.latitud, longitud: p.longitud })),
        destino: origen,
      });
      const reparto = repartirRuta(
        tarifa,
        ruta.distanciaMetros,
        listas.map((p) => p.envioCentavos),
      );
      const ahora = clock.now();
      const rutaId = newId();

      const reembolsoIds = await withTransaction(async (repos) => {
        await repos.bloqueos.bloquear({ pedidos: listas.map((p) => p.pedidoId) });
        const siguen = new Set(
          (await repos.envioEnGrupo.findPartesSinLiquidar(tiendaId)).map((p) => p.parteId),
        );
        if (!listas.every((p) => siguen.has(p.parteId))) throw new LiquidacionCambiada();
        await repos.envioEnGrupo.insertRuta({
          id: rutaId,
          tiendaId,
          paradas: listas.length,
          distanciaMetros: ruta.distanciaMetros,
          precioCentavos: reparto.precioCentavos,
          planificadaEn: ahora,
        });
        const filas = [];
        for (const [i, parte] of listas.entries()) {
          const final = reparto.partes[i] ?? parte.envioCentavos;
          if (!(await repos.envioEnGrupo.fijarEnvioFinal(parte.parteId, final, rutaId))) {
            throw new LiquidacionCambiada();
          }
          if (final === parte.envioCentavos) continue;
          filas.push({
            motivo: 'envio_en_grupo' as const,
            pedidoId: parte.pedidoId,
            tiendaId,
            usuarioId: parte.usuarioId,
            proveedorPagoId: parte.proveedorPagoId,
            montoCentavos: parte.envioCentavos - final,
            clave: `reembolso-envio-${parte.parteId}`,
            ahora,
          });
        }
        return repos.cicloDeVida.insertReembolsos(filas);
      });
      await reembolsos.hacerAhora(reembolsoIds);
      return { partes: listas.length, rutaId };
    },
  };
}

export type EnvioEnGrupo = ReturnType<typeof createEnvioEnGrupo>;
