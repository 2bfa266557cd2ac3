import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { direcciones, productos, tiendas } from '../../db/schema';

/**
 * Where a shipment starts and ends (an enabled store and one of the caller's addresses) and
 * what it carries (the packages its products declare).
 */
export function createEnvioRepository(db: Database) {
  return {
    /**
     * The point, coverage and 'Entrega en grupo' prices of an enabled store; undefined for an
     * unknown or disabled one.
     */
    async findTiendaHabilitada(id: string) {
      const [row] = await db
        .select({
          id: tiendas.id,
          latitud: tiendas.latitud,
          longitud: tiendas.longitud,
          coberturaKm: tiendas.coberturaKm,
          entregaEnGrupoActiva: tiendas.entregaEnGrupoActiva,
          baseCentavos: tiendas.entregaEnGrupoBaseCentavos,
          kmCentavos: tiendas.entregaEnGrupoKmCentavos,
          minimoCentavos: tiendas.entregaEnGrupoMinimoCentavos,
        })
        .from(tiendas)
        .where(and(eq(tiendas.id, id), eq(tiendas.habilitada, true)));
      return row;
    },
    /** The point of an address of this user; undefined for another user's or an unknown one. */
    async findDireccionDeUsuario(id: string, usuarioId: string) {
      const [row] = await db
        .select({
          id: direcciones.id,
          latitud: direcciones.latitud,
          longitud: direcciones.longitud,
        })
        .from(direcciones)
        .where(and(eq(direcciones.id, id), eq(direcciones.usuarioId, usuarioId)));
      return row;
    },
    /** The packages of this store's products on sale among `ids` (others are left out). */
    findPaquetesDeTienda: (tiendaId: string, ids: string[]) =>
      db
        .select({
          id: productos.id,
          paquetePesoGramos: productos.paquetePesoGramos,
          paqueteLargoMm: productos.paqueteLargoMm,
          paqueteAnchoMm: productos.paqueteAnchoMm,
          paqueteAltoMm: productos.paqueteAltoMm,
          cantidadTotalGrupo: productos.cantidadTotalGrupo,
        })
        .from(productos)
        .where(
          and(
            eq(productos.tiendaId, tiendaId),
            inArray(productos.id, ids),
            eq(productos.disponible, true),
            isNull(productos.retiradoEn),
          ),
        ),
  };
}

export type EnvioRepository = ReturnType<typeof createEnvioRepository>;
