import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { gruposDeCompra, participantesGrupo } from '../../db/schema';
import { DEMO_COMPRADORES_EXTRA } from '../../demo/demo-grupos';
import { DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { openTestDatabase } from '../../test/test-database';
import { abrirGrupo, cerrarGrupo, tomarLugares } from './grupo-de-compra.ledger';
import {
  crearProductoDePrueba,
  ledgerUnitOfWork,
  violacionesDeInvariantes,
} from './ledger-test-helpers';

const usuarios = [DEMO_USUARIOS.comprador.id, ...DEMO_COMPRADORES_EXTRA.map((u) => u.id)];
const usuario = (i: number) => usuarios[i % usuarios.length] ?? DEMO_USUARIOS.comprador.id;
const enPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The places ledger under concurrency (DESIGN.md section 5: the group invariants hold with
 * hundreds of simultaneous approvals). On PostgreSQL (TEST_DATABASE_URL) every transaction
 * runs on its own pooled connection, so the takes really race; on PGlite (one connection)
 * the same schedules run one transaction at a time, which checks the ledger's logic.
 */
describe(`places ledger under concurrency (${enPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase({ content: 'seeded-with-stores' });
  });
  afterAll(async () => {
    await database?.close();
  });

  const grupos = (productoId: string) =>
    database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, productoId))
      .orderBy(asc(gruposDeCompra.fechaCreacion), asc(gruposDeCompra.id));

  const sumaDeParticipantes = async (grupoId: string) => {
    const [row] = await database.db
      .select({ n: sql<number>`coalesce(sum(${participantesGrupo.cantidad}), 0)::int` })
      .from(participantesGrupo)
      .where(eq(participantesGrupo.grupoId, grupoId));
    return Number(row?.n ?? 0);
  };

  it('200 concurrent takes on a group of 50: exactly 50 in each group, the rest spills', async () => {
    const producto = await crearProductoDePrueba(
      database.db,
      { cantidadTotalGrupo: 50 },
      abrirGrupo,
    );
    const [primero] = await grupos(producto.id);
    const withTransaction = ledgerUnitOfWork(database.db);
    // 200 takes of 1 to 3 places (430 in all), every one choosing the first group.
    const cantidades = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
    const total = cantidades.reduce((a, b) => a + b, 0);
    const resultados = await Promise.all(
      cantidades.map((cantidad, i) =>
        withTransaction((repos) =>
          tomarLugares(repos, {
            productoId: producto.id,
            grupoId: primero?.id,
            cantidad,
            usuarioId: usuario(i),
            pedidoId: null,
            ahora: new Date(),
          }),
        ),
      ),
    );
    // Every take got exactly what it asked for.
    resultados.forEach((tomas, i) => {
      expect(tomas.reduce((a, t) => a + t.cantidad, 0)).toBe(cantidades[i]);
    });
    const todos = await grupos(producto.id);
    const llenos = Math.floor(total / 50);
    expect(todos.map((g) => [g.estado, g.lugaresOcupados])).toEqual([
      ...Array.from({ length: llenos }, () => ['cerrado', 50]),
      ['abierto', total - llenos * 50],
    ]);
    expect(todos[0]?.id).toBe(primero?.id);
    expect(await sumaDeParticipantes(primero?.id ?? '')).toBe(50);
    expect(await violacionesDeInvariantes(database.db, [producto.id])).toEqual([]);
  });

  it('200 concurrent takes of one place on a group of 50 fill exactly four groups', async () => {
    const producto = await crearProductoDePrueba(
      database.db,
      { cantidadTotalGrupo: 50 },
      abrirGrupo,
    );
    const withTransaction = ledgerUnitOfWork(database.db);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        withTransaction((repos) =>
          tomarLugares(repos, {
            productoId: producto.id,
            cantidad: 1,
            usuarioId: usuario(i),
            pedidoId: null,
            ahora: new Date(),
          }),
        ),
      ),
    );
    expect((await grupos(producto.id)).map((g) => [g.estado, g.lugaresOcupados])).toEqual([
      ['cerrado', 50],
      ['cerrado', 50],
      ['cerrado', 50],
      ['cerrado', 50],
      ['abierto', 0],
    ]);
    expect(await violacionesDeInvariantes(database.db, [producto.id])).toEqual([]);
  });

  it('a close racing takes never leaves a place added to the group after it closed', async () => {
    const withTransaction = ledgerUnitOfWork(database.db);
    for (let ronda = 0; ronda < 5; ronda += 1) {
      const producto = await crearProductoDePrueba(
        database.db,
        { cantidadTotalGrupo: 1000 },
        abrirGrupo,
      );
      const [grupo] = await grupos(producto.id);
      const grupoId = grupo?.id ?? '';
      const tomar = (i: number) =>
        withTransaction((repos) =>
          tomarLugares(repos, {
            productoId: producto.id,
            grupoId,
            cantidad: 1 + (i % 4),
            usuarioId: usuario(i),
            pedidoId: null,
            ahora: new Date(),
          }),
        );
      const antes = Array.from({ length: 20 }, (_, i) => tomar(i));
      const cierre = withTransaction((repos) => cerrarGrupo(repos, grupoId, new Date()));
      const despues = Array.from({ length: 20 }, (_, i) => tomar(i + 20));
      const [{ grupo: cerrado }] = await Promise.all([cierre, ...antes, ...despues]);
      const [final] = (await grupos(producto.id)).filter((g) => g.id === grupoId);
      // What the close saw is what the group keeps: nothing was added after it.
      expect(final?.estado).toBe('cerrado');
      expect(final?.lugaresOcupados).toBe(cerrado.lugaresOcupados);
      expect(await sumaDeParticipantes(grupoId)).toBe(cerrado.lugaresOcupados);
      expect(await violacionesDeInvariantes(database.db, [producto.id])).toEqual([]);
    }
  });

  it('property: any schedule of concurrent takes and closes keeps every invariant', async () => {
    const withTransaction = ledgerUnitOfWork(database.db);
    const operacion = fc.oneof(
      {
        arbitrary: fc.record({
          tipo: fc.constant('tomar' as const),
          cantidad: fc.integer({ min: 1, max: 12 }),
          usuario: fc.nat(10),
          elegido: fc.nat(5),
        }),
        weight: 4,
      },
      {
        arbitrary: fc.record({ tipo: fc.constant('cerrar' as const), cual: fc.nat(5) }),
        weight: 1,
      },
    );
    // A schedule: batches run one after another; the operations of a batch run at once.
    const programa = fc.record({
      necesarios: fc.integer({ min: 1, max: 9 }),
      lotes: fc.array(fc.array(operacion, { minLength: 1, maxLength: 6 }), {
        minLength: 1,
        maxLength: 6,
      }),
    });
    await fc.assert(
      fc.asyncProperty(programa, async ({ necesarios, lotes }) => {
        const producto = await crearProductoDePrueba(
          database.db,
          { cantidadTotalGrupo: necesarios },
          abrirGrupo,
        );
        let pedidos = 0;
        let tomados = 0;
        const ocupadosAlCerrar = new Map<string, number>();
        for (const lote of lotes) {
          const conocidos = await grupos(producto.id);
          const elegir = (n: number) => conocidos[n % conocidos.length]?.id ?? '';
          const resultados = await Promise.allSettled(
            lote.map((op) =>
              op.tipo === 'tomar'
                ? withTransaction((repos) =>
                    tomarLugares(repos, {
                      productoId: producto.id,
                      grupoId: elegir(op.elegido),
                      cantidad: op.cantidad,
                      usuarioId: usuario(op.usuario),
                      pedidoId: null,
                      ahora: new Date(),
                    }),
                  ).then((tomas) => ({ tomas }))
                : withTransaction((repos) => cerrarGrupo(repos, elegir(op.cual), new Date())).then(
                    (cierre) => ({ cierre }),
                  ),
            ),
          );
          resultados.forEach((r, i) => {
            const op = lote[i];
            if (op?.tipo === 'tomar') {
              // A paid quantity is never refused.
              expect(r.status).toBe('fulfilled');
              pedidos += op.cantidad;
            } else if (r.status === 'rejected') {
              // Only a group that was not open refuses to close.
              expect(r.reason).toMatchObject({ statusCode: 400, code: 'GRUPO_YA_CERRADO' });
            }
            if (r.status === 'fulfilled' && 'tomas' in r.value) {
              tomados += r.value.tomas.reduce((a, t) => a + t.cantidad, 0);
            }
            if (r.status === 'fulfilled' && 'cierre' in r.value) {
              const g = r.value.cierre.grupo;
              ocupadosAlCerrar.set(g.id, g.lugaresOcupados);
            }
          });
          expect(await violacionesDeInvariantes(database.db, [producto.id])).toEqual([]);
        }
        const finales = await grupos(producto.id);
        expect(tomados).toBe(pedidos);
        expect(finales.reduce((a, g) => a + g.lugaresOcupados, 0)).toBe(pedidos);
        // A group closed by its seller never took a place after the close.
        for (const [id, ocupados] of ocupadosAlCerrar) {
          expect(finales.find((g) => g.id === id)?.lugaresOcupados).toBe(ocupados);
        }
      }),
      { numRuns: enPostgres ? 25 : 15 },
    );
    // Many schedules, each with concurrent transactions: slower than one test's default 30 s
    // on a loaded two-core runner.
  }, 120_000);
});
