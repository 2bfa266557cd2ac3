import type { Prediccion } from '@compra-grupal/contracts';
import type { GrupoDeCompraRow } from '../../db/schema';
import { type Clock, systemClock } from '../../lib/clock';
import { type GrupoAnterior, predecirCompletado } from './prediccion';
import type { PrediccionRepository } from './prediccion.repository';

type GrupoAPredecir = Pick<
  GrupoDeCompraRow,
  | 'id'
  | 'productoId'
  | 'estado'
  | 'lugaresNecesarios'
  | 'lugaresOcupados'
  | 'fechaCreacion'
  | 'fechaLimite'
>;

/**
 * The forecast of when each open group fills (decision 052), as the group screens show it:
 * two reads for any number of groups (their takes, their products' earlier groups), then the
 * pure model. Groups that are not open have none.
 */
export function createPredicciones({
  repository,
  clock = systemClock,
}: {
  repository: PrediccionRepository;
  clock?: Clock;
}) {
  return async function predicciones(
    grupos: readonly GrupoAPredecir[],
  ): Promise<Map<string, Prediccion>> {
    const abiertos = grupos.filter((g) => g.estado === 'abierto');
    if (abiertos.length === 0) return new Map();
    const [tomas, anteriores] = await Promise.all([
      repository.findTomas(abiertos.map((g) => g.id)),
      repository.findAnteriores([...new Set(abiertos.map((g) => g.productoId))]),
    ]);
    const ahora = clock.now();
    return new Map(
      abiertos.map((grupo) => {
        const previos: GrupoAnterior[] = anteriores.flatMap((a) =>
          a.productoId === grupo.productoId && a.cerradoEn
            ? [
                {
                  lugaresNecesarios: a.lugaresNecesarios,
                  lugaresOcupados: a.lugaresOcupados,
                  fechaCreacion: a.fechaCreacion,
                  cerradoEn: a.cerradoEn,
                },
              ]
            : [],
        );
        const { fecha, motivo } = predecirCompletado({
          grupo: { ...grupo, tomas: tomas.filter((t) => t.grupoId === grupo.id) },
          anteriores: previos,
          ahora,
        });
        return [grupo.id, { fecha: fecha?.toISOString() ?? null, motivo }] as const;
      }),
    );
  };
}

export type Predicciones = ReturnType<typeof createPredicciones>;
