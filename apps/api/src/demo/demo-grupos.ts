import { and, eq, inArray, notExists } from 'drizzle-orm';
import { gruposDeCompra, participantesGrupo, productos, usuarios } from '../db/schema';
import { createUnitOfWork } from '../db/unit-of-work';
import { fixedId } from '../lib/ids';
import { abrirGrupo, tomarLugares } from '../modules/grupo-de-compra/grupo-de-compra.ledger';
import { createRepositories } from '../repositories';
import { DEMO_USUARIOS, DEMO_VERIFICADO_EN } from './demo-usuarios';
import type { SeedContext } from './seed-context';

/**
 * Demo shoppers who took places in the demo groups besides the demo shopper. They have no
 * password (nobody signs in as them): they only make the groups' progress real.
 */
export const DEMO_COMPRADORES_EXTRA = [
  { id: fixedId('d6', 1), nombre: 'Sofía Benítez', email: 'sofia.benitez@compragrupal.com.ar' },
  { id: fixedId('d6', 2), nombre: 'Diego Acosta', email: 'diego.acosta@compragrupal.com.ar' },
  { id: fixedId('d6', 3), nombre: 'Valeria Ruiz', email: 'valeria.ruiz@compragrupal.com.ar' },
] as const;

const [sofia, diego, valeria] = DEMO_COMPRADORES_EXTRA;
const lucia = DEMO_USUARIOS.comprador;

/**
 * The progress of some demo products' groups: places taken through the ledger, in order, by
 * the demo shopper (Lucía) and the extra shoppers. Yerba mate (groups of 10) takes 13: its
 * first group fills (`cerrado`, 'Grupo completado') and the next one opens with 3.
 */
export const DEMO_PROGRESO: Record<string, { usuarioId: string; cantidad: number }[]> = {
  'Yerba mate 1 kg': [
    { usuarioId: lucia.id, cantidad: 4 },
    { usuarioId: sofia.id, cantidad: 3 },
    { usuarioId: diego.id, cantidad: 3 },
    { usuarioId: valeria.id, cantidad: 2 },
    { usuarioId: lucia.id, cantidad: 1 },
  ],
  'Café molido 500 g': [
    { usuarioId: lucia.id, cantidad: 2 },
    { usuarioId: valeria.id, cantidad: 2 },
  ],
  'Cajón de naranjas 10 kg': [
    { usuarioId: sofia.id, cantidad: 2 },
    { usuarioId: lucia.id, cantidad: 1 },
  ],
  'Asado de tira 2 kg': [
    { usuarioId: diego.id, cantidad: 2 },
    { usuarioId: sofia.id, cantidad: 1 },
    { usuarioId: valeria.id, cantidad: 1 },
  ],
  'Docena de medialunas': [
    { usuarioId: lucia.id, cantidad: 3 },
    { usuarioId: diego.id, cantidad: 2 },
  ],
  'Malbec Mendoza x6': [{ usuarioId: valeria.id, cantidad: 2 }],
};

/** The time between two takes of places in a demo group. */
const PASO_DEMO_MS = 10 * 60 * 60_000;

/**
 * Every product on sale gets its open group (DESIGN.md: one open group per product on sale),
 * and the products of DEMO_PROGRESO get real progress through the places ledger (no orders
 * yet: `pedido_id` null). Idempotent: a product keeps its open group, and progress is taken
 * only for a product nobody took places of yet. The ledger's realtime events are
 * dropped before each commit (nobody listens while seeding).
 */
export async function seedDemoGrupos({ db }: SeedContext): Promise<void> {
  const conProductos = await db.select({ id: productos.id }).from(productos).limit(1);
  if (conProductos.length === 0) return; // the demo stores were left out
  await db
    .insert(usuarios)
    .values(
      DEMO_COMPRADORES_EXTRA.map((u) => ({
        ...u,
        telefono: '',
        emailVerificadoEn: DEMO_VERIFICADO_EN,
      })),
    )
    .onConflictDoNothing();

  const withTransaction = createUnitOfWork(db, createRepositories, {
    beforeCommit: (repos) => repos.eventos.discardPending(),
  });

  const sinGrupo = await db
    .select()
    .from(productos)
    .where(
      and(
        eq(productos.disponible, true),
        notExists(
          db
            .select({ id: gruposDeCompra.id })
            .from(gruposDeCompra)
            .where(
              and(
                eq(gruposDeCompra.productoId, productos.id),
                eq(gruposDeCompra.estado, 'abierto'),
              ),
            ),
        ),
      ),
    );
  // The groups with progress opened days ago and filled a place at a time, so their pace (the
  // forecast's, decision 052) is a real one: one take every PASO_DEMO_MS, the last one just now.
  const ahora = Date.now();
  const inicioDe = (nombre: string) =>
    new Date(ahora - ((DEMO_PROGRESO[nombre]?.length ?? 0) + 1) * PASO_DEMO_MS);
  for (const producto of sinGrupo) {
    await withTransaction((repos) => abrirGrupo(repos, producto, inicioDe(producto.nombre)));
  }

  const conProgreso = await db
    .select()
    .from(productos)
    .where(
      and(eq(productos.disponible, true), inArray(productos.nombre, Object.keys(DEMO_PROGRESO))),
    );
  for (const producto of conProgreso) {
    const [tomado] = await db
      .select({ id: participantesGrupo.id })
      .from(participantesGrupo)
      .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
      .where(eq(gruposDeCompra.productoId, producto.id))
      .limit(1);
    if (tomado) continue;
    const inicio = inicioDe(producto.nombre).getTime();
    for (const [i, { usuarioId, cantidad }] of (DEMO_PROGRESO[producto.nombre] ?? []).entries()) {
      await withTransaction((repos) =>
        tomarLugares(repos, {
          productoId: producto.id,
          cantidad,
          usuarioId,
          pedidoId: null,
          ahora: new Date(inicio + (i + 1) * PASO_DEMO_MS),
        }),
      );
    }
  }
}
