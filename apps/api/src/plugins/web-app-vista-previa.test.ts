import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gruposDeCompra } from '../db/schema';
import { newId } from '../lib/ids';
import { crearProducto, vendedorConTienda } from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

const PUBLIC_URL = 'https://compragrupal.example.com.ar';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cg-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Compra Grupal</title></head><body><div id="root"></div></body></html>',
  );
  // A real site (no sandbox payments): the test site's default would add `noindex`.
  t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL, MP_MODE: 'off' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The page's meta tags by property or name, decoded as a crawler reads them. */
const metas = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [
      m[1],
      (m[2] ?? '')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&'),
    ]),
  );

const grupoDe = async (productoId: string) => {
  const [grupo] = await t.database.db
    .select()
    .from(gruposDeCompra)
    .where(eq(gruposDeCompra.productoId, productoId));
  if (!grupo) throw new Error('sin grupo');
  return grupo;
};

describe('the page of a shared group link (/group/{groupId})', () => {
  it('carries Open Graph and Twitter tags with the product, the places left, the price and absolute URLs', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor, {
      nombre: 'Yerba "La Nona" <1 kg> & más',
      precio: '4890.5',
      cantidadTotalGrupo: '10',
    });
    const grupo = await grupoDe(producto._id);
    await t.database.db
      .update(gruposDeCompra)
      .set({ lugaresOcupados: 3 })
      .where(eq(gruposDeCompra.id, grupo.id));

    const res = await t.app.inject({ url: `/group/${grupo.id}?ref=whatsapp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    // Escaped: the name's quotes and angle brackets never open a tag or end an attribute.
    expect(res.body).not.toContain('<1 kg>');
    expect(res.body).toContain('&lt;1 kg&gt; &amp; más');

    const tags = metas(res.body);
    const titulo = 'Yerba "La Nona" <1 kg> & más — Compra Grupal';
    expect(tags['og:title']).toBe(titulo);
    expect(tags['og:description']).toMatch(
      /^Faltan 7 lugares para completar el grupo\. \$\s?4\.890,5 por unidad\.$/,
    );
    // The group's share card (docs/decisions/053), versioned by the places taken.
    expect(tags['og:image']).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/compartir/grupo/${grupo.id}\\.png\\?v=3-[\\w-]+$`),
    );
    expect(tags['og:image:type']).toBe('image/png');
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(tags['og:url']).toBe(`${PUBLIC_URL}/group/${grupo.id}`);
    expect(tags['og:type']).toBe('website');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:title']).toBe(titulo);
    expect(res.body).toContain(
      '<title>Yerba &quot;La Nona&quot; &lt;1 kg&gt; &amp; más — Compra Grupal</title>',
    );
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.indexOf('og:title')).toBeLessThan(res.body.indexOf('</head>'));

    // The picture the tag names is served.
    const enlace = new URL(tags['og:image'] ?? '');
    const imagen = await t.app.inject({ url: `${enlace.pathname}${enlace.search}` });
    expect(imagen.statusCode).toBe(200);
    expect(imagen.headers['content-type']).toBe('image/png');
  });

  it('goes out as built for an unknown group, a withdrawn product or a path that is not an id', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor);
    const grupo = await grupoDe(producto._id);
    const retiro = await t.app.inject({
      method: 'DELETE',
      url: `/api/producto/${producto._id}`,
      headers: vendedor.auth,
    });
    expect(retiro.statusCode).toBe(200);
    for (const url of [
      `/group/${newId()}`,
      `/group/${grupo.id}`,
      '/group/abc',
      `/group/${grupo.id}"><script>`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Compra Grupal</title>');
      expect(metas(res.body), url).toEqual({});
      expect(res.body, url).not.toContain('<script>');
    }
  });
});
