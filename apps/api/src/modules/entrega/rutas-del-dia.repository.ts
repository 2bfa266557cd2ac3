import { and, asc, eq, gte, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pagosPorVendedor, pedidos, tiendas, usuarios } from '../../db/schema';

/** A day's route reads at most this many parts (ready, or delivered since the day began). */
export const PARADAS_DEL_DIA_MAX = 500;

/** What the day's routes read: the stores' points and their paid parts with the buyers. */
export function createRutasDelDiaRepository(db: Database) {
  return {
    /**
     * Paid parts of approved orders (of one store, or every store) not delivered yet, or
     * delivered since `desde`, with the order's point, address and phone, the buyer's name and
     * the store's name and point; oldest order first.
     */
    findParadas: ({ tiendaId, desde }: { tiendaId?: string | undefined; desde: Date }) =>
      db
        .select({
          pedidoId: pagosPorVendedor.pedidoId,
          tiendaId: pagosPorVendedor.tiendaId,
          entregadoEn: pagosPorVendedor.entregadoEn,
          comprador: usuarios.nombre,
          telefono: pedidos.telefono,
          direccion: pedidos.direccion,
          departamento: pedidos.departamento,
          descripcion: pedidos.descripcion,
          ciudad: pedidos.ciudad,
          provincia: pedidos.provincia,
          codigoPostal: pedidos.codigoPostal,
          latitud: pedidos.latitud,
          longitud: pedidos.longitud,
          tiendaNombre: tiendas.nombre,
          tiendaDireccion: tiendas.direccion,
          tiendaLatitud: tiendas.latitud,
          tiendaLongitud: tiendas.longitud,
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .innerJoin(usuarios, eq(usuarios.id, pedidos.usuarioId))
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(
          and(
            eq(pedidos.aprobado, true),
            eq(pagosPorVendedor.estado, 'aprobado'),
            tiendaId ? eq(pagosPorVendedor.tiendaId, tiendaId) : undefined,
            or(isNull(pagosPorVendedor.entregadoEn), gte(pagosPorVendedor.entregadoEn, desde)),
          ),
        )
        .orderBy(asc(pedidos.creadoEn), asc(pedidos.id), asc(pagosPorVendedor.tiendaId))
        .limit(PARADAS_DEL_DIA_MAX),
  };
}

export type RutasDelDiaRepository = ReturnType<typeof createRutasDelDiaRepository>;
