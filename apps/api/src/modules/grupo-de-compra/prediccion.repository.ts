import { and, desc, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gruposDeCompra, participantesGrupo } from '../../db/schema';
import { MAX_ANTERIORES } from './prediccion';

/** What the forecast of open groups reads: their takes, and their products' earlier groups. */
export function createPrediccionRepository(db: Database) {
  return {
    /** Every take of places in these groups. */
    findTomas(grupoIds: string[]) {
      if (grupoIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          grupoId: participantesGrupo.grupoId,
          creadoEn: participantesGrupo.creadoEn,
          cantidad: participantesGrupo.cantidad,
        })
        .from(participantesGrupo)
        .where(inArray(participantesGrupo.grupoId, grupoIds));
    },

    /** The newest groups of these products that left `abierto`, up to MAX_ANTERIORES each. */
    async findAnteriores(productoIds: string[]) {
      if (productoIds.length === 0) return [];
      const numerados = db
        .select({
          productoId: gruposDeCompra.productoId,
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
          fechaCreacion: gruposDeCompra.fechaCreacion,
          cerradoEn: gruposDeCompra.cerradoEn,
          orden: sql<number>`row_number() over (partition by ${gruposDeCompra.productoId}
            order by ${gruposDeCompra.fechaCreacion} desc, ${gruposDeCompra.id} desc)`.as('orden'),
        })
        .from(gruposDeCompra)
        .where(
          and(
            inArray(gruposDeCompra.productoId, productoIds),
            ne(gruposDeCompra.estado, 'abierto'),
            sql`${gruposDeCompra.cerradoEn} is not null`,
          ),
        )
        .as('numerados');
      return db
        .select()
        .from(numerados)
        .where(sql`${numerados.orden} <= ${MAX_ANTERIORES}`)
        .orderBy(desc(numerados.fechaCreacion));
    },
  };
}

export type PrediccionRepository = ReturnType<typeof createPrediccionRepository>;
