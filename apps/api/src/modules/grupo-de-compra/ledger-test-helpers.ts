import { PAQUETE_POR_DEFECTO } from '@compra-grupal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gruposDeCompra, participantesGrupo, productos, tiendas } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { newId } from '../../lib/ids';
import { createAppUnitOfWork, type Repositories } from '../../repositories';
import { columnasDePaquete } from '../producto/paquete-del-producto';

/** The ledger's transaction runner on a test database, as the app builds it. */
export const ledgerUnitOfWork = (db: Database): WithTransaction<Repositories> =>
  createAppUnitOfWork(db);

/**
 * A new product on sale in a seeded store (the first demo store unless given), with its first
 * group opened by `abrirGrupo` as the product module does; returns the product's id.
 */
export async function crearProductoDePrueba(
  db: Database,
  { cantidadTotalGrupo, tiendaId }: { cantidadTotalGrupo: number; tiendaId?: string },
  abrir: (
    repos: Repositories,
    producto: typeof productos.$inferSelect,
    ahora: Date,
  ) => Promise<unknown>,
): Promise<typeof productos.$inferSelect> {
  const withTransaction = ledgerUnitOfWork(db);
  const tienda = tiendaId
    ? { id: tiendaId }
    : (await db.select({ id: tiendas.id }).from(tiendas).orderBy(tiendas.id).limit(1))[0];
  if (!tienda) throw new Error('the test database has no store');
  const [duenio] = await db
    .select({ usuario_id: tiendas.usuarioId })
    .from(tiendas)
    .where(eq(tiendas.id, tienda.id));
  const [producto] = await db
    .insert(productos)
    .values({
      id: newId(),
      tiendaId: tienda.id,
      vendedorId: duenio?.usuario_id ?? '',
      nombre: `Producto de prueba ${newId().slice(-6)}`,
      precioCentavos: 100_00,
      stock: 1000,
      cantidadTotalGrupo,
      ...columnasDePaquete(PAQUETE_POR_DEFECTO),
    })
    .returning();
  if (!producto) throw new Error('no product');
  await withTransaction((repos) => abrir(repos, producto, new Date()));
  return producto;
}

/**
 * Every invariant of DESIGN.md's Purchase groups, checked on the whole table; "one open group
 * per product on sale" for every product, or only for `productoIds` when given.
 */
export async function violacionesDeInvariantes(
  db: Database,
  productoIds?: string[],
): Promise<string[]> {
  const problemas: string[] = [];
  const grupos = await db.select().from(gruposDeCompra);
  const sumas = await db
    .select({
      grupoId: participantesGrupo.grupoId,
      suma: sql<number>`sum(${participantesGrupo.cantidad})::int`,
    })
    .from(participantesGrupo)
    .groupBy(participantesGrupo.grupoId);
  const sumaDe = new Map(sumas.map((s) => [s.grupoId, Number(s.suma)]));
  const abiertosPorProducto = new Map<string, number>();
  for (const g of grupos) {
    if (g.lugaresOcupados < 0 || g.lugaresOcupados > g.lugaresNecesarios) {
      problemas.push(`${g.id}: ${g.lugaresOcupados}/${g.lugaresNecesarios}`);
    }
    if ((sumaDe.get(g.id) ?? 0) !== g.lugaresOcupados) {
      problemas.push(`${g.id}: participants ${sumaDe.get(g.id) ?? 0} != ${g.lugaresOcupados}`);
    }
    if (g.estado === 'abierto') {
      if (g.lugaresOcupados === g.lugaresNecesarios) problemas.push(`${g.id}: open and full`);
      abiertosPorProducto.set(g.productoId, (abiertosPorProducto.get(g.productoId) ?? 0) + 1);
    }
  }
  const enVenta = await db
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.disponible, true));
  for (const { id } of enVenta.filter((p) => !productoIds || productoIds.includes(p.id))) {
    const n = abiertosPorProducto.get(id) ?? 0;
    if (n !== 1) problemas.push(`product ${id} on sale has ${n} open groups`);
  }
  return problemas;
}
