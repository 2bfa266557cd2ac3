import { ENTREGA_EN_GRUPO } from '@compra-grupal/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  pagosPorVendedor,
  pedidos,
  productos,
  rutasDeEnvio,
  tiendas,
} from '../../db/schema';

/**
 * What settling 'Entrega en grupo' reads and writes (docs/decisions/057): a store's paid parts
 * that ride it and were not settled yet, the store's point and prices, and the route planned.
 */
export function createEnvioEnGrupoRepository(db: Database) {
  return {
    /** The store of a group's product. */
    async findTiendaDeGrupo(grupoId: string): Promise<string | undefined> {
      const [fila] = await db
        .select({ tiendaId: productos.tiendaId })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .where(eq(gruposDeCompra.id, grupoId));
      return fila?.tiendaId;
    },

    /** The store's point and its prices for a route, in centavos. */
    async findTarifa(tiendaId: string) {
      const [fila] = await db
        .select({
          nombre: tiendas.nombre,
          latitud: tiendas.latitud,
          longitud: tiendas.longitud,
          baseCentavos: tiendas.entregaEnGrupoBaseCentavos,
          kmCentavos: tiendas.entregaEnGrupoKmCentavos,
          minimoCentavos: tiendas.entregaEnGrupoMinimoCentavos,
        })
        .from(tiendas)
        .where(eq(tiendas.id, tiendaId));
      return fila;
    },

    /**
     * The store's approved parts that chose 'Entrega en grupo' and have no final share yet,
     * with their order's shopper and point, the shipping they paid and its provider payment (oldest order first).
     */
    findPartesSinLiquidar: (tiendaId: string) =>
      db
        .select({
          parteId: pagosPorVendedor.id,
          pedidoId: pagosPorVendedor.pedidoId,
          envioCentavos: pagosPorVendedor.envioCentavos,
          proveedorPagoId: pagosPorVendedor.proveedorPagoId,
          usuarioId: pedidos.usuarioId,
          latitud: pedidos.latitud,
          longitud: pedidos.longitud,
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .where(
          and(
            eq(pagosPorVendedor.tiendaId, tiendaId),
            eq(pagosPorVendedor.estado, 'aprobado'),
            eq(pagosPorVendedor.envioCarrier, ENTREGA_EN_GRUPO.carrier),
            eq(pagosPorVendedor.envioServicio, ENTREGA_EN_GRUPO.servicio),
            isNull(pagosPorVendedor.envioFinalCentavos),
          ),
        )
        .orderBy(asc(pagosPorVendedor.pedidoId)),

    insertRuta: (ruta: typeof rutasDeEnvio.$inferInsert) => db.insert(rutasDeEnvio).values(ruta),

    /** Sets a part's final share and its route, once (false when it was already set). */
    async fijarEnvioFinal(parteId: string, envioFinalCentavos: number, rutaId: string) {
      const filas = await db
        .update(pagosPorVendedor)
        .set({ envioFinalCentavos, rutaDeEnvioId: rutaId })
        .where(and(eq(pagosPorVendedor.id, parteId), isNull(pagosPorVendedor.envioFinalCentavos)))
        .returning({ id: pagosPorVendedor.id });
      return filas.length === 1;
    },
  };
}

export type EnvioEnGrupoRepository = ReturnType<typeof createEnvioEnGrupoRepository>;
