import type { Database } from '../../db/client';
import { createConfirmacionDeEntregaRepository } from './confirmacion-de-entrega.repository';
import { createListasDeEntregaRepository } from './listas-de-entrega.repository';
import { createRutasDelDiaRepository } from './rutas-del-dia.repository';

/** Queries of delivery (issue 14), one unit per use case; the rules live in the services. */
export function createEntregaRepository(db: Database) {
  return {
    ...createListasDeEntregaRepository(db),
    ...createConfirmacionDeEntregaRepository(db),
    ...createRutasDelDiaRepository(db),
  };
}

export type EntregaRepository = ReturnType<typeof createEntregaRepository>;
