import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gruposDeCompra, tiendas } from '../db/schema';
import { newId } from '../lib/ids';
import { crearProducto, type VendedorDePrueba, vendedorConTienda } from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

const PUBLIC_URL = 'https://compragrupal.example.com.ar';
/** The built index.html's head as Vite leaves it: its own title and description. */
const INDEX = `<!doctype html><html lang="es-AR"><head><meta charset="UTF-8" />
<title>Compra Grupal</title>
<meta
  name="description"
  content="Compra Grupal: encontrá tiendas cerca tuyo."
/>
</head><body><div id="root"></div></body></html>`;

let webDist: string;
let t: TestApp;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cg-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  // A real site: no demo, no sandbox payments.
  t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL, MP_MODE: 'off' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const decode = (texto: string) =>
  texto
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** The page's meta tags by property or name, decoded as a crawler reads them. */
const metas = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [
      m[1],
      decode(m[2] ?? ''),
    ]),
  );

/** The page's JSON-LD blocks, parsed as a search engine parses them. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown> & { offers?: Record<string, unknown> },
  );

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

/** Nothing of the seller or the store's contact (the test helpers' data) is in the page. */
function sinDatosPersonales(html: string, vendedor: VendedorDePrueba) {
  for (const dato of [
    vendedor.email,
    vendedor.userId,
    'tienda@example.com',
    '5555-0000',
    'Almacén de Prueba SRL',
    'Santa Fe 3200',
    'C1425',
  ]) {
    expect(html, dato).not.toContain(dato);
  }
}

const lugaresOcupados = async (productoId: string, lugares: number) => {
  await t.database.db
    .update(gruposDeCompra)
    .set({ lugaresOcupados: lugares })
    .where(eq(gruposDeCompra.productoId, productoId));
};

/** The product team disables the store (its products stay, hidden with it). */
const deshabilitar = async (vendedor: VendedorDePrueba) => {
  await t.database.db
    .update(tiendas)
    .set({ habilitada: false })
    .where(eq(tiendas.id, vendedor.tiendaId));
};

const retirar = async (vendedor: VendedorDePrueba, productoId: string) => {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/producto/${productoId}`,
    headers: vendedor.auth,
  });
  expect(res.statusCode).toBe(200);
};

describe('a product page (/product/{productId})', () => {
  it('carries its name, price, picture, places left and Product JSON-LD, and no personal data', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor, {
      nombre: 'Yerba mate "La Nona" 1 kg',
      precio: '4890.5',
      stock: '120',
      cantidadTotalGrupo: '10',
    });
    await lugaresOcupados(producto._id, 3);

    const res = await t.app.inject({ url: `/product/${producto._id}?ref=whatsapp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
    // The screen's first answer still travels with the app's code.
    expect(res.body).toContain(`href="/api/producto/${producto._id}"`);

    const url = `${PUBLIC_URL}/product/${producto._id}`;
    const imagen = `${PUBLIC_URL}${producto.imagen}`;
    const tags = metas(res.body);
    expect(tags['og:title']).toBe('Yerba mate "La Nona" 1 kg · Compra Grupal');
    expect(tags['og:type']).toBe('product');
    expect(tags['og:url']).toBe(url);
    // The product's share card (docs/decisions/053), versioned by its group's places.
    const tarjeta = tags['og:image'] ?? '';
    expect(tarjeta).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/compartir/producto/${producto._id}\\.png\\?v=3-[\\w-]+$`),
    );
    expect(tags['og:image:type']).toBe('image/png');
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:image']).toBe(tarjeta);
    expect(tags['product:price:amount']).toBe('4890.50');
    expect(tags['product:price:currency']).toBe('ARS');
    expect(tags['og:description']).toMatch(
      /^\$\s?4\.890,5 por unidad en Almacén de Prueba\. Faltan 7 lugares para completar el grupo\. Con palo/,
    );
    expect(tags.description).toBe(tags['og:description']);
    expect(tags.robots).toBeUndefined();
    // One title and one description: the built ones are replaced, not repeated.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
    expect(res.body).toContain(
      '<title>Yerba mate &quot;La Nona&quot; 1 kg · Compra Grupal</title>',
    );
    expect(canonical(res.body)).toBe(url);

    const [ld, ...otros] = jsonLd(head(res.body));
    expect(otros).toEqual([]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Yerba mate "La Nona" 1 kg',
      description: 'Con palo, molienda tradicional.',
      image: [imagen],
      url,
      offers: {
        '@type': 'Offer',
        price: '4890.50',
        priceCurrency: 'ARS',
        availability: 'https://schema.org/InStock',
        url,
        seller: { '@type': 'Organization', name: 'Almacén de Prueba' },
      },
    });
    sinDatosPersonales(res.body, vendedor);

    // The picture the tags name is served.
    const foto = await t.app.inject({ url: new URL(imagen).pathname });
    expect(foto.statusCode).toBe(200);
  });

  it('says OutOfStock when no unit is left', async () => {
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor, { stock: '0' });
    const res = await t.app.inject({ url: `/product/${producto._id}` });
    expect(res.statusCode).toBe(200);
    expect(jsonLd(res.body)[0]?.offers?.availability).toBe('https://schema.org/OutOfStock');
  });

  it('escapes a name that tries to end the script or the tag', async () => {
    const vendedor = await vendedorConTienda(t);
    const nombre = '</script><script>alert(1)</script>';
    const producto = await crearProducto(t, vendedor, {
      nombre,
      descripcion: 'Una <b>descripción</b> & "comillas" \u2028 y más',
    });
    const res = await t.app.inject({ url: `/product/${producto._id}` });
    expect(res.statusCode).toBe(200);
    // The only scripts are the JSON-LD block: nothing the name wrote opens or closes one.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('\u2028');
    expect(res.body).toContain('\\u003c/script\\u003e');
    // Read back, every value is the product's own.
    expect(metas(res.body)['og:title']).toBe(`${nombre} · Compra Grupal`);
    expect(jsonLd(res.body)[0]).toMatchObject({
      name: nombre,
      description: 'Una <b>descripción</b> & "comillas" y más',
    });
  });

  it('is a 404 page with noindex once withdrawn, in a disabled store, unknown or malformed', async () => {
    const vendedor = await vendedorConTienda(t);
    const retirado = await crearProducto(t, vendedor, { nombre: 'Fideos retirados' });
    await retirar(vendedor, retirado._id);
    const deshabilitada = await vendedorConTienda(t);
    const oculto = await crearProducto(t, deshabilitada, { nombre: 'Arroz escondido' });
    await deshabilitar(deshabilitada);

    for (const url of [
      `/product/${retirado._id}`,
      `/product/${oculto._id}`,
      `/product/${newId()}`,
      '/product/no-es-un-id',
      `/product/${newId()}"><script>`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      // The shell: the client shows its 'Producto no encontrado' screen.
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<title>Producto no encontrado · Compra Grupal</title>');
      expect(metas(res.body).robots, url).toBe('noindex');
      expect(metas(res.body)['og:title'], url).toBeUndefined();
      expect(jsonLd(res.body), url).toEqual([]);
      expect(res.body, url).not.toContain('Fideos retirados');
      expect(res.body, url).not.toContain('Arroz escondido');
      expect(res.body, url).not.toContain('<script>');
    }
  });
});

describe('a store page (/store/{tiendaId})', () => {
  it('carries share tags, its canonical URL and LocalBusiness JSON-LD, and no personal data', async () => {
    const vendedor = await vendedorConTienda(t);
    await crearProducto(t, vendedor);
    await crearProducto(t, vendedor, { nombre: 'Azúcar 1 kg' });
    const [tienda] = await t.database.db
      .select({ logo: tiendas.logo })
      .from(tiendas)
      .where(eq(tiendas.id, vendedor.tiendaId));

    const res = await t.app.inject({ url: `/store/${vendedor.tiendaId}/` });
    expect(res.statusCode).toBe(200);
    const url = `${PUBLIC_URL}/store/${vendedor.tiendaId}`;
    const logo = `${PUBLIC_URL}${tienda?.logo}`;
    const tags = metas(res.body);
    expect(tags['og:title']).toBe('Almacén de Prueba · Compra Grupal');
    expect(tags['og:description']).toBe(
      'Secos y frescos del barrio. 2 productos para comprar en grupo en Compra Grupal.',
    );
    expect(tags['og:url']).toBe(url);
    expect(tags['og:image']).toBe(logo);
    expect(tags['twitter:title']).toBe('Almacén de Prueba · Compra Grupal');
    expect(tags.description).toBe(tags['og:description']);
    expect(canonical(res.body)).toBe(url);
    expect(res.body).toContain('<title>Almacén de Prueba · Compra Grupal</title>');
    expect(jsonLd(res.body)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        '@id': url,
        name: 'Almacén de Prueba',
        description: 'Secos y frescos del barrio',
        image: logo,
        logo,
        url,
      },
    ]);
    sinDatosPersonales(res.body, vendedor);
  });

  it('is a 404 page with noindex when disabled, unknown or malformed', async () => {
    const deshabilitada = await vendedorConTienda(t, { habilitada: false });
    for (const url of [`/store/${deshabilitada.tiendaId}`, `/store/${newId()}`, '/store/t1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<title>Tienda no encontrada · Compra Grupal</title>');
      expect(metas(res.body).robots, url).toBe('noindex');
      expect(res.body, url).not.toContain('Almacén de Prueba');
    }
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists enabled stores and the products on sale in them, with absolute URLs', async () => {
    const vendedor = await vendedorConTienda(t);
    const enVenta = await crearProducto(t, vendedor);
    const retirado = await crearProducto(t, vendedor);
    await retirar(vendedor, retirado._id);
    const deshabilitada = await vendedorConTienda(t);
    const oculto = await crearProducto(t, deshabilitada);
    await deshabilitar(deshabilitada);

    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const urls = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain(`${PUBLIC_URL}/store/${vendedor.tiendaId}`);
    expect(urls).toContain(`${PUBLIC_URL}/product/${enVenta._id}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/product/${retirado._id}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/store/${deshabilitada.tiendaId}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/product/${oculto._id}`);
    expect(new Set(urls).size).toBe(urls.length);

    // Every URL listed is a page that answers 200 (every store and product in the database).
    const habilitadas = await t.database.db
      .select({ id: tiendas.id })
      .from(tiendas)
      .where(eq(tiendas.habilitada, true));
    expect(urls.filter((u) => u?.includes('/store/'))).toHaveLength(habilitadas.length);
    for (const u of urls) {
      const pagina = await t.app.inject({ url: new URL(u ?? '').pathname });
      expect(pagina.statusCode, u).toBe(200);
    }
  });

  it('robots.txt opens the storefront, closes private screens and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lineas = res.body.split('\n');
    expect(lineas[0]).toBe('User-agent: *');
    for (const ruta of ['/api/', '/dev/', '/checkout', '/my-', '/admin', '/cart']) {
      expect(lineas).toContain(`Disallow: ${ruta}`);
    }
    expect(lineas).toContain('Allow: /');
    expect(lineas).not.toContain('Disallow: /');
    expect(lineas).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('demo and sandbox sites', () => {
  for (const [nombre, env] of [
    ['DEMO_MODE', { DEMO_MODE: 'true', MP_MODE: 'off' }],
    ['sandbox payments', { MP_MODE: 'sandbox' }],
  ] as const) {
    it(`${nombre}: every page is noindex and robots.txt keeps crawlers out`, async () => {
      const demo = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL, ...env });
      try {
        const vendedor = await vendedorConTienda(demo);
        const producto = await crearProducto(demo, vendedor);
        for (const url of [
          `/product/${producto._id}`,
          `/store/${vendedor.tiendaId}`,
          '/',
          '/cart',
        ]) {
          const res = await demo.app.inject({ url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['x-robots-tag'], url).toBe('noindex');
          expect(res.body.match(/<meta name="robots" content="noindex">/g), url).toHaveLength(1);
        }
        // The share tags stay: a demo link still previews well.
        const pagina = await demo.app.inject({ url: `/product/${producto._id}` });
        expect(metas(pagina.body)['og:title']).toBe('Yerba mate 1 kg · Compra Grupal');

        const robots = await demo.app.inject({ url: '/robots.txt' });
        expect(robots.body.split('\n')).toEqual(
          expect.arrayContaining(['User-agent: *', 'Disallow: /']),
        );
        expect(robots.body).not.toContain('Sitemap:');
      } finally {
        await demo.close();
      }
    });
  }
});

describe('a head that cannot be built', () => {
  it('falls back to the shell as built with a log line, never a 5xx', async () => {
    const lineas: string[] = [];
    const roto = await createTestApp(
      { WEB_DIST_DIR: webDist, PUBLIC_URL, MP_MODE: 'off', LOG_LEVEL: 'warn' },
      { logStream: { write: (linea: string) => void lineas.push(linea) } },
    );
    try {
      const vendedor = await vendedorConTienda(roto);
      const producto = await crearProducto(roto, vendedor);
      // The product's table goes away under the page (this test's own database copy).
      await roto.database.db.execute(sql`alter table productos rename to productos_fuera`);
      try {
        const res = await roto.app.inject({ url: `/product/${producto._id}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<title>Compra Grupal</title>');
        expect(res.body).toContain('<div id="root">');
        expect(metas(res.body)['og:title']).toBeUndefined();
        expect(lineas.some((l) => l.includes('no se pudo armar la cabecera de la página'))).toBe(
          true,
        );
      } finally {
        await roto.database.db.execute(sql`alter table productos_fuera rename to productos`);
      }
    } finally {
      await roto.close();
    }
  });
});
