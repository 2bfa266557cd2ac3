import { asc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { direcciones, tiendas, usuarios } from '../../db/schema';

export type UsuarioRow = typeof usuarios.$inferSelect;
export type NuevoUsuario = typeof usuarios.$inferInsert;
export type NuevaDireccion = Omit<typeof direcciones.$inferInsert, 'usuarioId'>;

export function createUsuarioRepository(db: Database) {
  return {
    async findById(id: string): Promise<UsuarioRow | undefined> {
      const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id));
      return row;
    },
    /** A person's name and address, as a message greets them and is sent to (aviso). */
    async findContacto(id: string): Promise<{ nombre: string; email: string } | undefined> {
      const [row] = await db
        .select({ nombre: usuarios.nombre, email: usuarios.email })
        .from(usuarios)
        .where(eq(usuarios.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UsuarioRow | undefined> {
      const [row] = await db.select().from(usuarios).where(eq(usuarios.email, email.toLowerCase()));
      return row;
    },
    async findByGoogleSub(sub: string): Promise<UsuarioRow | undefined> {
      const [row] = await db.select().from(usuarios).where(eq(usuarios.googleSub, sub));
      return row;
    },
    /** Creates the user with its addresses in one transaction; `activa` indexes `nuevas`. */
    create(usuario: NuevoUsuario, nuevas: NuevaDireccion[] = [], activa?: number) {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(usuarios).values(usuario).returning();
        if (!created) throw new Error('No se pudo crear el usuario');
        if (nuevas.length === 0) return created;
        await tx.insert(direcciones).values(nuevas.map((d) => ({ ...d, usuarioId: created.id })));
        const activaId = nuevas[activa ?? 0]?.id ?? nuevas[0]?.id;
        const [updated] = await tx
          .update(usuarios)
          .set({ direccionActivaId: activaId })
          .where(eq(usuarios.id, created.id))
          .returning();
        return updated ?? created;
      });
    },
    /** A seller is whoever owns a store, enabled or not. */
    async ownsTienda(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tiendas.id })
        .from(tiendas)
        .where(eq(tiendas.usuarioId, id))
        .limit(1);
      return Boolean(row);
    },
    findWithRoles: () =>
      db
        .select()
        .from(usuarios)
        .where(or(eq(usuarios.esAdmin, true), eq(usuarios.esRepartidor, true)))
        .orderBy(asc(usuarios.email)),
    async update(id: string, values: Partial<NuevoUsuario>): Promise<UsuarioRow | undefined> {
      const [row] = await db.update(usuarios).set(values).where(eq(usuarios.id, id)).returning();
      return row;
    },
  };
}

export type UsuarioRepository = ReturnType<typeof createUsuarioRepository>;
