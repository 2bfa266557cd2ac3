import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gruposDeCompra } from '../../db/schema';
import { newId } from '../../lib/ids';
import {
  crearProducto,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tomarLugares } from '../grupo-de-compra/grupo-de-compra.ledger';
import { ledgerUnitOfWork } from '../grupo-de-compra/ledger-test-helpers';

const PUBLIC_URL = 'https://compragrupal.example.com.ar';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cg-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Compra Grupal</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL, MP_MODE: 'off' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const grupoDe = async (productoId: string) => {
  const [grupo] = await t.database.db
    .select()
    .from(gruposDeCompra)
    .where(eq(gruposDeCompra.productoId, productoId));
  if (!grupo) throw new Error('sin grupo');
  return grupo;
};

/** Someone takes `cantidad` places in the product's open group, through the ledger. */
const tomar = (vendedor: VendedorDePrueba, productoId: string, grupoId: string, cantidad = 1) =>
  ledgerUnitOfWork(t.database.db)((repos) =>
    tomarLugares(repos, {
      productoId,
      grupoId,
      cantidad,
      usuarioId: vendedor.userId,
      pedidoId: null,
      ahora: new Date(),
    }),
  );

/** The page's meta tags by property or name, decoded as a crawler reads them. */
const metas = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [
      m[1],
      (m[2] ?? '').replaceAll('&amp;', '&'),
    ]),
  );

const tarjeta = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers });

describe('share cards (GET /api/compartir/…)', () => {
  it('draw a group as a 1200 × 630 PNG with a short public cache and an ETag', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor, {
      nombre: 'Yerba mate "La Nona" 1 kg, suave, estacionada 24 meses',
      precio: '4890.5',
      cantidadTotalGrupo: '10',
    });
    const grupo = await grupoDe(producto._id);
    await t.database.db
      .update(gruposDeCompra)
      .set({ fechaLimite: new Date(Date.now() + 3.5 * 24 * 3_600_000) })
      .where(eq(gruposDeCompra.id, grupo.id));
    await tomar(vendedor, producto._id, grupo.id, 3);

    const res = await tarjeta(`/api/compartir/grupo/${grupo.id}.png?v=3-abc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const { width, height, format } = await sharp(res.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    // TARJETA_MUESTRA=/tmp/tarjeta-grupo.png keeps the picture to look at.
    if (process.env.TARJETA_MUESTRA) writeFileSync(process.env.TARJETA_MUESTRA, res.rawPayload);
  });

  it('changes when a place is taken, and answers 304 while it has not', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor, { cantidadTotalGrupo: '5' });
    const grupo = await grupoDe(producto._id);
    const url = `/api/compartir/grupo/${grupo.id}.png`;
    const deProducto = `/api/compartir/producto/${producto._id}.png`;

    const antes = await tarjeta(url);
    const productoAntes = await tarjeta(deProducto);
    expect(antes.statusCode).toBe(200);
    expect(productoAntes.statusCode).toBe(200);
    const etag = String(antes.headers.etag);
    // Asked again unchanged: the same card, and nothing to send to who has it.
    expect(String((await tarjeta(url)).headers.etag)).toBe(etag);
    const sinCambios = await tarjeta(url, { 'if-none-match': etag });
    expect(sinCambios.statusCode).toBe(304);
    expect(sinCambios.rawPayload).toHaveLength(0);
    expect(sinCambios.headers.etag).toBe(etag);

    await tomar(vendedor, producto._id, grupo.id);

    const despues = await tarjeta(url, { 'if-none-match': etag });
    expect(despues.statusCode).toBe(200);
    expect(String(despues.headers.etag)).not.toBe(etag);
    expect(Buffer.compare(despues.rawPayload, antes.rawPayload)).not.toBe(0);
    const productoDespues = await tarjeta(deProducto);
    expect(productoDespues.headers.etag).not.toBe(productoAntes.headers.etag);
    expect(Buffer.compare(productoDespues.rawPayload, productoAntes.rawPayload)).not.toBe(0);
  });

  it('answers 404 for an unknown id, a withdrawn product and a disabled store, like the pages', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor);
    const grupo = await grupoDe(producto._id);
    const desconocido = await tarjeta(`/api/compartir/grupo/${newId()}.png`);
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().code).toBe('GRUPO_NO_ENCONTRADO');
    expect((await tarjeta(`/api/compartir/producto/${newId()}.png`)).statusCode).toBe(404);
    expect((await tarjeta('/api/compartir/producto/abc.png')).statusCode).toBe(400);

    const retiro = await t.app.inject({
      method: 'DELETE',
      url: `/api/producto/${producto._id}`,
      headers: vendedor.auth,
    });
    expect(retiro.statusCode).toBe(200);
    expect((await tarjeta(`/api/compartir/producto/${producto._id}.png`)).statusCode).toBe(404);
    expect((await tarjeta(`/api/compartir/grupo/${grupo.id}.png`)).statusCode).toBe(404);
  });

  it('is what the group and product pages name as og:image, with its size and type', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor, { cantidadTotalGrupo: '4' });
    const grupo = await grupoDe(producto._id);

    for (const [pagina, tipo, id] of [
      [`/group/${grupo.id}`, 'grupo', grupo.id],
      [`/product/${producto._id}`, 'producto', producto._id],
    ] as const) {
      const antes = metas((await t.app.inject({ url: pagina })).body);
      const imagen = antes['og:image'] ?? '';
      expect(imagen, pagina).toMatch(
        new RegExp(`^${PUBLIC_URL}/api/compartir/${tipo}/${id}\\.png\\?v=0-[\\w-]+$`),
      );
      expect(antes['og:image:width'], pagina).toBe('1200');
      expect(antes['og:image:height'], pagina).toBe('630');
      expect(antes['og:image:type'], pagina).toBe('image/png');
      expect(antes['twitter:card'], pagina).toBe('summary_large_image');
      const enlace = new URL(imagen);
      const res = await tarjeta(`${enlace.pathname}${enlace.search}`);
      expect(res.statusCode, pagina).toBe(200);
      expect(res.headers['content-type'], pagina).toBe('image/png');
    }

    // A place taken: the pages name a new URL, so a crawler that keeps pictures asks again.
    const antesDeTomar = metas((await t.app.inject({ url: `/group/${grupo.id}` })).body);
    await tomar(vendedor, producto._id, grupo.id);
    for (const pagina of [`/group/${grupo.id}`, `/product/${producto._id}`]) {
      const imagen = metas((await t.app.inject({ url: pagina })).body)['og:image'];
      expect(imagen, pagina).toMatch(/\?v=1-/);
    }
    expect(metas((await t.app.inject({ url: `/group/${grupo.id}` })).body)['og:image']).not.toBe(
      antesDeTomar['og:image'],
    );
  });
});
