import { rooms } from '@compra-grupal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventosSalientes, gruposDeCompra, productos } from '../../db/schema';
import { DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { openTestDatabase } from '../../test/test-database';
import { abrirGrupo, cerrarGrupo, tomarLugares } from './grupo-de-compra.ledger';
import {
  crearProductoDePrueba,
  ledgerUnitOfWork,
  violacionesDeInvariantes,
} from './ledger-test-helpers';

const comprador = DEMO_USUARIOS.comprador.id;

describe('places ledger', () => {
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
      .orderBy(asc(gruposDeCompra.fechaCreacion));

  it('opens the first group with the product and records nuevoGrupoCreado', async () => {
    const producto = await crearProductoDePrueba(
      database.db,
      { cantidadTotalGrupo: 5 },
      abrirGrupo,
    );
    const [grupo, ...otros] = await grupos(producto.id);
    expect(otros).toEqual([]);
    expect(grupo).toMatchObject({ estado: 'abierto', lugaresNecesarios: 5, lugaresOcupados: 0 });
    const eventos = await database.db
      .select()
      .from(eventosSalientes)
      .where(
        inArray(eventosSalientes.sala, [
          rooms.producto(producto.id),
          rooms.tienda(producto.tiendaId),
        ]),
      );
    expect(eventos.filter((e) => e.evento === 'nuevoGrupoCreado')).toHaveLength(2);
  });

  it('fills a group, closes it, and spills the rest into the next one', async () => {
    const producto = await crearProductoDePrueba(
      database.db,
      { cantidadTotalGrupo: 4 },
      abrirGrupo,
    );
    const withTransaction = ledgerUnitOfWork(database.db);
    const primero = await withTransaction((repos) =>
      tomarLugares(repos, {
        productoId: producto.id,
        cantidad: 3,
        usuarioId: comprador,
        pedidoId: null,
        ahora: new Date(),
      }),
    );
    expect(primero).toEqual([
      expect.objectContaining({ cantidad: 3, lugaresOcupados: 3, estado: 'abierto' }),
    ]);
    const tomas = await withTransaction((repos) =>
      tomarLugares(repos, {
        productoId: producto.id,
        grupoId: primero[0]?.grupoId,
        cantidad: 10,
        usuarioId: comprador,
        pedidoId: null,
        ahora: new Date(),
      }),
    );
    expect(tomas.map((t) => [t.cantidad, t.lugaresOcupados, t.estado])).toEqual([
      [1, 4, 'cerrado'],
      [4, 4, 'cerrado'],
      [4, 4, 'cerrado'],
      [1, 1, 'abierto'],
    ]);
    const todos = await grupos(producto.id);
    expect(todos.map((g) => g.estado)).toEqual(['cerrado', 'cerrado', 'cerrado', 'abierto']);
    expect(todos.every((g) => g.estado === 'abierto' || g.cerradoEn !== null)).toBe(true);
    expect(await violacionesDeInvariantes(database.db, [producto.id])).toEqual([]);
  });

  it('uses the current cantidadTotalGrupo for new groups only', async () => {
    const producto = await crearProductoDePrueba(
      database.db,
      { cantidadTotalGrupo: 2 },
      abrirGrupo,
    );
    await database.db
      .update(productos)
      .set({ cantidadTotalGrupo: 7 })
      .where(eq(productos.id, producto.id));
    const withTransaction = ledgerUnitOfWork(database.db);
    await withTransaction((repos) =>
      tomarLugares(repos, {
        productoId: producto.id,
        cantidad: 3,
        usuarioId: comprador,
        pedidoId: null,
        ahora: new Date(),
      }),
    );
    expect((await grupos(producto.id)).map((g) => g.lugaresNecesarios)).toEqual([2, 7]);
  });

  it('closes an open group once, opens the next, and never adds places to it again', async () => {
    const producto = await crearProductoDePrueba(
      database.db,
      { cantidadTotalGrupo: 5 },
      abrirGrupo,
    );
    const withTransaction = ledgerUnitOfWork(database.db);
    const [toma] = await withTransaction((repos) =>
      tomarLugares(repos, {
        productoId: producto.id,
        cantidad: 2,
        usuarioId: comprador,
        pedidoId: null,
        ahora: new Date(),
      }),
    );
    const grupoId = toma?.grupoId ?? '';
    const cierre = await withTransaction((repos) => cerrarGrupo(repos, grupoId, new Date()));
    expect(cierre.grupo).toMatchObject({ estado: 'cerrado', lugaresOcupados: 2 });
    expect(cierre.siguiente?.estado).toBe('abierto');
    await expect(
      withTransaction((repos) => cerrarGrupo(repos, grupoId, new Date())),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'GRUPO_YA_CERRADO',
    });
    const [otra] = await withTransaction((repos) =>
      tomarLugares(repos, {
        productoId: producto.id,
        grupoId,
        cantidad: 1,
        usuarioId: comprador,
        pedidoId: null,
        ahora: new Date(),
      }),
    );
    expect(otra?.grupoId).toBe(cierre.siguiente?.id);
    const [cerrado] = await database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.id, grupoId));
    expect(cerrado?.lugaresOcupados).toBe(2);
    const eventos = await database.db
      .select()
      .from(eventosSalientes)
      .where(eq(eventosSalientes.sala, rooms.grupo(grupoId)));
    expect(eventos.map((e) => e.evento)).toContain('grupoCerradoPorVendedor');
    expect(await violacionesDeInvariantes(database.db, [producto.id])).toEqual([]);
  });

  it('refuses a group that does not exist and a product that does not exist', async () => {
    const withTransaction = ledgerUnitOfWork(database.db);
    await expect(
      withTransaction((repos) => cerrarGrupo(repos, 'ffffffffffffffffffffffff', new Date())),
    ).rejects.toMatchObject({ statusCode: 404, code: 'GRUPO_NO_ENCONTRADO' });
    await expect(
      withTransaction((repos) =>
        tomarLugares(repos, {
          productoId: 'ffffffffffffffffffffffff',
          cantidad: 1,
          usuarioId: comprador,
          pedidoId: null,
          ahora: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 404, code: 'PRODUCTO_NO_ENCONTRADO' });
  });
});
