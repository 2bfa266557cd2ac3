import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../adapters/storage/local-disk-storage';
import type { DatabaseHandle } from '../db/client';
import {
  categorias,
  coberturas,
  correos,
  cuentasMercadoPago,
  gruposDeCompra,
  notificaciones,
  pagosPorVendedor,
  participantesGrupo,
  pedidos,
  productos,
  reembolsos,
  tiendas,
  trabajos,
} from '../db/schema';
import { TRABAJO_ENVIAR_CORREO } from '../modules/correo/correo.service';
import { openTestDatabase } from '../test/test-database';
import { DEMO_USUARIOS } from './demo-usuarios';
import { runSeed } from './index';
import { CATEGORIAS_GLOBALES, COBERTURAS } from './reference-data';

describe('runSeed', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.close());
  const context = () => ({
    db: database.db,
    storage: createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'cg-seed-'))),
  });

  it('loads the reference data once and skips steps already applied', async () => {
    expect(await runSeed(context(), { demo: false })).toEqual(['referencia']);
    expect(await runSeed(context(), { demo: false })).toEqual([]);
    expect(await database.db.select().from(categorias)).toHaveLength(CATEGORIAS_GLOBALES.length);
    expect(await database.db.select().from(coberturas)).toHaveLength(COBERTURAS.length);
  });

  it('is idempotent when forced', async () => {
    expect(await runSeed(context(), { demo: true, force: true })).toContain('referencia');
    expect(await database.db.select().from(categorias)).toHaveLength(CATEGORIAS_GLOBALES.length);
  });

  it('gives the demo shopper an order in each state, and a cancelled group with its refund', async () => {
    await runSeed(context(), { demo: true, force: true });
    const estados = await database.db
      .select({
        pedido: pedidos.id,
        entregado: sql<boolean>`${pagosPorVendedor.entregadoEn} is not null`,
        grupo: gruposDeCompra.estado,
        reembolso: reembolsos.estado,
      })
      .from(pedidos)
      .innerJoin(participantesGrupo, eq(participantesGrupo.pedidoId, pedidos.id))
      .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
      // Each demo order has one seller's part.
      .innerJoin(pagosPorVendedor, eq(pagosPorVendedor.pedidoId, pedidos.id))
      .leftJoin(reembolsos, eq(reembolsos.participanteId, participantesGrupo.id))
      .where(eq(pedidos.usuarioId, DEMO_USUARIOS.comprador.id))
      .orderBy(pedidos.id);
    expect(estados.map(({ entregado, grupo, reembolso }) => [entregado, grupo, reembolso])).toEqual(
      [
        [false, 'abierto', null],
        [false, 'cerrado', null],
        [true, 'completado', null],
        [false, 'cancelado', 'reembolsado'],
      ],
    );
    // The demo's lifecycle tells nobody: no notification, no email, no mail job
    // (docs/decisions/042).
    expect(await database.db.select().from(notificaciones)).toHaveLength(0);
    expect(await database.db.select().from(correos)).toHaveLength(0);
    expect(
      await database.db.select().from(trabajos).where(eq(trabajos.tipo, TRABAJO_ENVIAR_CORREO)),
    ).toHaveLength(0);
  });

  it('gives every demo store marked as linked a sandbox account with sealed tokens', async () => {
    await runSeed(context(), { demo: true, force: true });
    const vinculadas = await database.db
      .select({ id: tiendas.id, mpUsuarioId: tiendas.mpUsuarioId })
      .from(tiendas)
      .where(eq(tiendas.mpVinculado, true));
    const cuentas = await database.db.select().from(cuentasMercadoPago);
    expect(vinculadas.length).toBeGreaterThan(0);
    expect(cuentas.map((c) => c.tiendaId).sort()).toEqual(vinculadas.map((t) => t.id).sort());
    for (const cuenta of cuentas) {
      expect(cuenta.origen).toBe('sandbox');
      expect(cuenta.mpUsuarioId).toBe(
        vinculadas.find((t) => t.id === cuenta.tiendaId)?.mpUsuarioId,
      );
      expect(cuenta.accessTokenCifrado).not.toMatch(/^(APP_USR|TEST)-/);
    }
  });

  it('draws a different logo for every store and a different photo for every product', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-seed-images-'));
    await runSeed(
      { db: database.db, storage: createLocalDiskStorage(dir) },
      { demo: true, force: true },
    );
    const fotos = await database.db.select().from(productos);
    const logos = await database.db.select().from(tiendas);
    const read = (path: string) => readFileSync(join(dir, path.replace(/^\/uploads\//, '')));
    const hash = (image: Buffer) => createHash('sha256').update(image).digest('hex');
    const check = async (path: string | null, size: number) => {
      if (!path) throw new Error('sin imagen');
      const image = read(path);
      const { format, width, height } = await sharp(image).metadata();
      expect({ path, format, width, height }).toEqual({
        path,
        format: 'jpeg',
        width: size,
        height: size,
      });
      return hash(image);
    };
    const hashes = [
      ...(await Promise.all(fotos.map((p) => check(p.imagen, 800)))),
      ...(await Promise.all(fotos.map((p) => check(p.imagenMiniatura, 320)))),
      ...(await Promise.all(fotos.map((p) => check(p.imagen640, 640)))),
      ...(await Promise.all(logos.map((t) => check(t.logo, 256)))),
    ];
    expect(new Set(hashes).size).toBe(fotos.length * 3 + logos.length);
    expect(readdirSync(join(dir, 'productos'))).toHaveLength(fotos.length * 3);
    expect(fotos.every((p) => p.imagenAncho === 800 && p.imagenAlto === 800)).toBe(true);
  });

  it('migrations can run again on an up-to-date database', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
