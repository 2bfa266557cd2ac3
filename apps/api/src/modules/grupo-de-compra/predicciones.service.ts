import type { Prediccion } from '@compra-grupal/contracts';
import type { GrupoDeCompraRow } from '../../db/schema';
import { type Clock, systemClock } from '../../lib/clock';
import { predecirCompletado } from './prediccion';
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

/** Rows by a key, in their order (Map.groupBy is not in Node 20). */
function agrupar<T>(filas: readonly T[], clave: (fila: T) => string): Map<string, T[]> {
  const grupos = new Map<string, T[]>();
  for (const fila of filas) {
    const lista = grupos.get(clave(fila));
    if (lista) lista.push(fila);
    else grupos.set(clave(fila), [fila]);
  }
  return grupos;
}

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
    const tomasDe = agrupar(tomas, (t) => t.grupoId);
    const anterioresDe = agrupar(
      anteriores.flatMap(({ cerradoEn, ...grupo }) => (cerradoEn ? [{ ...grupo, cerradoEn }] : [])),
      (a) => a.productoId,
    );
    const ahora = clock.now();
    return new Map(
      abiertos.map((grupo) => {
        const { fecha, motivo } = predecirCompletado({
          grupo: { ...grupo, tomas: tomasDe.get(grupo.id) ?? [] },
          anteriores: anterioresDe.get(grupo.productoId) ?? [],
          ahora,
        });
        return [grupo.id, { fecha: fecha?.toISOString() ?? null, motivo }] as const;
      }),
    );
  };
}

export type Predicciones = ReturnType<typeof createPredicciones>;
