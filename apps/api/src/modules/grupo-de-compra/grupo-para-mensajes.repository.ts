import { and, asc, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  participantesGrupo,
  pedidos,
  productos,
  tiendas,
  usuarios,
} from '../../db/schema';
import type { GrupoParaMensajes, Ventana } from '../aviso/mensajes.ports';

/**
 * What the transactional messages read of groups and their participants
 * (aviso/mensajes.ports.ts), on the caller's transaction. A full group's two reads join the
 * names and emails they need in the same statements, and go out together: they run inside the
 * payment approval that fills the group (docs/decisions/028, "Round trips of an approval").
 */
export function createGrupoParaMensajesRepository(db: Database): GrupoParaMensajes {
  return {
    async findGrupo(grupoId) {
      const [grupo] = await db
        .select({
          producto: productos.nombre,
          vendedorId: tiendas.usuarioId,
          vendedorNombre: usuarios.nombre,
          vendedorEmail: usuarios.email,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .leftJoin(usuarios, eq(usuarios.id, tiendas.usuarioId))
        .where(eq(gruposDeCompra.id, grupoId))
        .execute();
      return grupo;
    },

    findParticipantes(grupoId) {
      return db
        .select({
          usuarioId: participantesGrupo.usuarioId,
          pedidoId: pedidos.id,
          codigo: pedidos.codigo,
          cantidad: participantesGrupo.cantidad,
          nombre: usuarios.nombre,
          email: usuarios.email,
        })
        .from(participantesGrupo)
        .innerJoin(pedidos, eq(pedidos.id, participantesGrupo.pedidoId))
        .leftJoin(usuarios, eq(usuarios.id, participantesGrupo.usuarioId))
        .where(eq(participantesGrupo.grupoId, grupoId))
        .orderBy(asc(participantesGrupo.creadoEn), asc(participantesGrupo.id))
        .execute();
    },

    async findPorVencer({ ahora, hasta, limite, sinAviso }: Ventana) {
      const filas = await db
        .select({
          id: gruposDeCompra.id,
          fechaLimite: gruposDeCompra.fechaLimite,
          faltan: sql<number>`${gruposDeCompra.lugaresNecesarios} - ${gruposDeCompra.lugaresOcupados}`,
          producto: productos.nombre,
          vendedorId: tiendas.usuarioId,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(
          and(
            eq(gruposDeCompra.estado, 'abierto'),
            isNotNull(gruposDeCompra.fechaLimite),
            gt(gruposDeCompra.fechaLimite, ahora),
            lte(gruposDeCompra.fechaLimite, hasta),
            lt(gruposDeCompra.lugaresOcupados, gruposDeCompra.lugaresNecesarios),
            sinAviso(gruposDeCompra.id),
          ),
        )
        .orderBy(asc(gruposDeCompra.fechaLimite))
        .limit(limite);
      // A number, whatever the driver answers for the difference (Drizzle maps no `sql`).
      return filas.map((g) => ({ ...g, faltan: Number(g.faltan) }));
    },
  };
}
