import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ID_DEL_ESTADO_SSR } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gruposDeCompra } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { login } from '../test/auth-helpers';
import {
  camposDeProducto,
  crearProducto,
  multipart,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

const PUBLIC_URL = 'https://compragrupal.example.com.ar';
const INDEX = `<!doctype html><html lang="es-AR"><head><meta charset="UTF-8" />
<title>Compra Grupal</title>
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-vendor-def456.js">
</head><body><div id="root"></div></body></html>`;

/**
 * A stand-in for the web app's server entry (apps/web/src/entry-server.tsx, tested in the web
 * suite with React): it draws what it was handed, counts its renders and fails on demand, so
 * these tests see what the API hands it and what it does with the answer.
 */
const ENTRADA = `
globalThis.dibujos = [];
export async function renderizarPagina(url, datos) {
  globalThis.dibujos.push(url);
  if (globalThis.fallarDibujo) throw new Error('la pantalla falló');
  const img = datos.pagina === 'producto' ? '<link rel="preload" as="image" href="' + datos.producto.imagen + '" fetchPriority="high"/>' : '';
  return { html: img + '<main>' + JSON.stringify(datos).replace(/</g, '&lt;') + '</main>', estado: { cache: datos } };
}`;

declare global {
  var dibujos: string[];
  var fallarDibujo: boolean | undefined;
}

let webDist: string;
let t: TestApp;
const lineas: string[] = [];
let vendedor: VendedorDePrueba;

beforeAll(async () => {
  const raiz = mkdtempSync(join(tmpdir(), 'cg-web-ssr-'));
  webDist = join(raiz, 'web');
  mkdirSync(webDist);
  mkdirSync(join(raiz, 'web-server'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'arranque-a1b2c3.js'), '');
  writeFileSync(join(raiz, 'web-server', 'entry-server.js'), ENTRADA);
  t = await createTestApp(
    { WEB_DIST_DIR: webDist, PUBLIC_URL, MP_MODE: 'off', LOG_LEVEL: 'warn' },
    { logStream: { write: (linea: string) => void lineas.push(linea) } },
  );
  vendedor = await vendedorConTienda(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(join(webDist, '..'), { recursive: true, force: true });
});
beforeEach(() => {
  globalThis.dibujos.length = 0;
  globalThis.fallarDibujo = undefined;
});

/** The state a drawn page hands the browser. */
const estadoDe = (html: string) => {
  const match = new RegExp(
    `<script type="application/json" id="${ID_DEL_ESTADO_SSR}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1] ?? '') as { cache: Record<string, unknown> }) : undefined;
};

describe('public pages drawn on the server (docs/decisions/044)', () => {
  it('a product page holds its public data, drawn in #root, its picture preloaded in the head, and no personal data', async () => {
    const producto = await crearProducto(t, vendedor, { nombre: 'Yerba <b>Nona</b>' });
    const res = await t.app.inject({ url: `/product/${producto._id}?ref=whatsapp` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const head = html.slice(0, html.indexOf('</head>'));
    const precarga = head.indexOf(`<link rel="preload" as="image" href="${producto.imagen}"`);
    // After the viewport, so that a srcset is chosen for the phone's width, not 980 px.
    expect(precarga).toBeGreaterThan(head.indexOf('<meta name="viewport"'));
    expect(head.indexOf('<meta name="viewport"')).toBeGreaterThan(0);
    expect(head).toContain('application/ld+json');
    expect(html).toMatch(/<div id="root"><main>.*Yerba &lt;b>Nona/);
    // The screen's answer is in the page: no hint to fetch it again.
    expect(html).not.toContain(`href="/api/producto/${producto._id}"`);
    expect(estadoDe(html)?.cache).toMatchObject({
      pagina: 'producto',
      producto: {
        _id: producto._id,
        precio: 4890.5,
        imagen: producto.imagen,
        tienda: { _id: vendedor.tiendaId },
      },
    });
    for (const dato of [vendedor.userId, vendedor.email, 'tienda@example.com', '5555-0000']) {
      expect(html, dato).not.toContain(dato);
    }
    expect(globalThis.dibujos).toEqual([`/product/${producto._id}`]);
    // The app starts once the page has loaded (apps/web/src/arranque.ts), and marks it drawn.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/arranque-a1b2c3.js" data-app="/assets/index-abc123.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<html lang="es-AR" data-dibujada>');
  });

  it("a store page holds what the page shows, without the razón social nor the seller's id", async () => {
    await crearProducto(t, vendedor);
    const res = await t.app.inject({ url: `/store/${vendedor.tiendaId}` });
    expect(res.statusCode).toBe(200);
    const estado = estadoDe(res.body)?.cache as { tienda: Record<string, unknown> };
    expect(estado.tienda).toMatchObject({ _id: vendedor.tiendaId, habilitada: true });
    expect(estado.tienda).not.toHaveProperty('razonSocial');
    expect((estado.tienda.productos as object[]).length).toBeGreaterThan(0);
    expect(res.body).not.toContain(vendedor.userId);
    expect(res.body).not.toContain('Almacén de Prueba SRL');
  });

  it('home and a group page are drawn; an unknown group is a 404 page that is not drawn', async () => {
    const producto = await crearProducto(t, vendedor);
    const [abierto] = await t.database.db
      .select({ id: gruposDeCompra.id })
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, producto._id));
    const grupoId = abierto?.id ?? '';

    const inicio = await t.app.inject({ url: '/' });
    expect(estadoDe(inicio.body)?.cache).toEqual({ pagina: 'inicio' });

    const grupo = await t.app.inject({ url: `/group/${grupoId}` });
    expect(grupo.statusCode).toBe(200);
    expect(grupo.body).toContain('og:title');
    expect(estadoDe(grupo.body)?.cache).toMatchObject({
      pagina: 'grupo',
      grupo: { grupo: { _id: grupoId }, producto: { _id: producto._id } },
    });

    const desconocido = await t.app.inject({ url: '/group/a00000000000000000000bad' });
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.body).toContain('<meta name="robots" content="noindex">');
    expect(estadoDe(desconocido.body)).toBeUndefined();
  });

  it('a withdrawn product is a 404 page, not drawn', async () => {
    const producto = await crearProducto(t, vendedor);
    const retiro = await t.app.inject({
      method: 'DELETE',
      url: `/api/producto/${producto._id}`,
      headers: vendedor.auth,
    });
    expect(retiro.statusCode).toBe(200);
    const res = await t.app.inject({ url: `/product/${producto._id}` });
    expect(res.statusCode).toBe(404);
    expect(estadoDe(res.body)).toBeUndefined();
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('keeps a drawn page and draws it anew once an edit of its product is published', async () => {
    const producto = await crearProducto(t, vendedor, { precio: '1000' });
    const url = `/product/${producto._id}`;
    await t.app.inject({ url });
    await t.app.inject({ url });
    expect(globalThis.dibujos).toEqual([url]);

    const edicion = await multipart(
      t,
      'PUT',
      url.replace('/product/', '/api/producto/'),
      vendedor,
      camposDeProducto(vendedor, { precio: '1500' }),
    );
    expect(edicion.statusCode).toBe(200);
    await t.app.outbox.publishPending();

    const res = await t.app.inject({ url });
    expect(globalThis.dibujos).toEqual([url, url]);
    expect(estadoDe(res.body)?.cache).toMatchObject({ producto: { precio: 1500 } });
  });

  it('a store disabled by the team is a 404 page at once, and drawn again once enabled', async () => {
    const tienda = await vendedorConTienda(t);
    const admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
    const url = `/store/${tienda.tiendaId}`;
    const revisar = async (accion: 'habilitar' | 'deshabilitar') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/tiendas/${tienda.tiendaId}/${accion}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      await t.app.outbox.publishPending();
      return t.app.inject({ url });
    };
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    const baja = await revisar('deshabilitar');
    expect(baja.statusCode).toBe(404);
    expect(estadoDe(baja.body)).toBeUndefined();

    const alta = await revisar('habilitar');
    expect(alta.statusCode).toBe(200);
    expect(estadoDe(alta.body)?.cache).toMatchObject({ tienda: { _id: tienda.tiendaId } });
  });

  it("a store's page and its products' are drawn anew once the seller edits the store", async () => {
    const producto = await crearProducto(t, vendedor);
    const paginas = [`/store/${vendedor.tiendaId}`, `/product/${producto._id}`];
    await t.app.outbox.publishPending();
    for (const url of paginas) await t.app.inject({ url });
    // Kept: a second visit draws nothing.
    for (const url of paginas) await t.app.inject({ url });
    expect(globalThis.dibujos).toEqual(paginas);
    globalThis.dibujos.length = 0;

    const categorias = await t.app.inject({
      method: 'PUT',
      url: `/api/tienda/editar-categorias/${vendedor.tiendaId}`,
      headers: vendedor.auth,
      payload: { categoriasLocales: vendedor.categorias },
    });
    expect(categorias.statusCode).toBe(200);
    await t.app.outbox.publishPending();

    for (const url of paginas) await t.app.inject({ url });
    expect(globalThis.dibujos).toEqual(paginas);
  });

  it('counts in /metrics the hits, the misses and the pages an event dropped', async () => {
    const contar = async () => {
      const text = (await t.app.inject({ url: '/metrics' })).body;
      const serie = (linea: string) =>
        Number(new RegExp(`^${linea.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1]);
      return {
        acierto: serie('compra_grupal_cache_paginas_total{resultado="acierto"}'),
        fallo: serie('compra_grupal_cache_paginas_total{resultado="fallo"}'),
        evento: serie('compra_grupal_cache_paginas_descartadas_total{motivo="evento"}'),
      };
    };
    const producto = await crearProducto(t, vendedor, { precio: '1000' });
    await t.app.outbox.publishPending();
    const url = `/product/${producto._id}`;
    const antes = await contar();

    await t.app.inject({ url });
    await t.app.inject({ url });
    const edicion = await multipart(
      t,
      'PUT',
      `/api/producto/${producto._id}`,
      vendedor,
      camposDeProducto(vendedor, { precio: '1200' }),
    );
    expect(edicion.statusCode).toBe(200);
    await t.app.outbox.publishPending();
    await t.app.inject({ url });

    const despues = await contar();
    expect(despues.fallo - antes.fallo).toBe(2);
    expect(despues.acierto - antes.acierto).toBe(1);
    expect(despues.evento - antes.evento).toBe(1);
  });

  it('a page that cannot be drawn goes out as the client-rendered shell, with a log line', async () => {
    const producto = await crearProducto(t, vendedor);
    globalThis.fallarDibujo = true;
    lineas.length = 0;
    const res = await t.app.inject({ url: `/product/${producto._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(estadoDe(res.body)).toBeUndefined();
    // The share tags still go out with the shell.
    expect(res.body).toContain('application/ld+json');
    expect(lineas.join('\n')).toContain('no se pudo dibujar la página en el servidor');
    // Not kept: the next visit tries again.
    globalThis.fallarDibujo = undefined;
    const otra = await t.app.inject({ url: `/product/${producto._id}` });
    expect(estadoDe(otra.body)).toBeDefined();
  });
});

describe('compression', () => {
  it('sends a drawn page as brotli or gzip as the browser accepts, the same page decoded', async () => {
    const producto = await crearProducto(t, vendedor);
    const url = `/product/${producto._id}`;
    const plano = await t.app.inject({ url });
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.headers.vary).toContain('accept-encoding');

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plano.body);
    expect(br.rawPayload.length).toBeLessThan(plano.body.length / 2);

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plano.body);
  });
});

describe('with SSR=false', () => {
  it('sends the client-rendered shell, as before', async () => {
    const apagado = await createTestApp({
      WEB_DIST_DIR: webDist,
      PUBLIC_URL,
      MP_MODE: 'off',
      SSR: 'false',
    });
    try {
      const res = await apagado.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(estadoDe(res.body)).toBeUndefined();
    } finally {
      await apagado.close();
    }
  });
});
