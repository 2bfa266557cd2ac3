import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { test as base, esperarHidratacion, expect, idUnico } from './fixtures';
import { freePort, startServer } from './server-process';

/**
 * The app people install (issue 35, docs/decisions/056), in Chromium with service workers
 * allowed (the other journeys block them): a valid manifest with its icons, a service worker
 * that controls the page, the pages seen opening with the server stopped, the offline page for
 * the others, and 'Nueva versión disponible' when a new build is out.
 *
 * The file has a server of its own (stopping the suite's would stop every other journey),
 * serving a copy of the build: a test changes its sw.js as a new deploy would.
 */

interface ServidorPropio {
  url: string;
  /** The copy of the web app's build the server serves (WEB_DIST_DIR). */
  web: string;
  /** SIGTERM, and waits until the process has exited. */
  detener(): Promise<void>;
  /** Starts it again on the same port, data and build, and waits until it answers. */
  arrancar(): Promise<void>;
}

const test = base.extend<object, { servidor: ServidorPropio }>({
  servidor: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const carpeta = mkdtempSync(join(tmpdir(), 'cg-e2e-instalable-'));
      const dataDir = join(carpeta, 'datos');
      const web = join(carpeta, 'dist', 'web');
      // The renderer of the drawn pages is read beside the web app (web-server/).
      cpSync('apps/api/dist/web', web, { recursive: true });
      cpSync('apps/api/dist/web-server', join(carpeta, 'dist', 'web-server'), { recursive: true });
      const port = await freePort();
      let proceso: Awaited<ReturnType<typeof startServer>> | undefined;
      const detener = async () => {
        const actual = proceso;
        proceso = undefined;
        if (!actual || actual.exitCode !== null || actual.signalCode !== null) return;
        const salio = new Promise((resolve) => actual.once('exit', resolve));
        actual.kill('SIGTERM');
        await salio;
      };
      const arrancar = async () => {
        proceso = await startServer(port, dataDir, { WEB_DIST_DIR: web, SHUTDOWN_DRAIN_MS: '0' });
      };
      try {
        await arrancar();
        await use({ url: `http://127.0.0.1:${port}`, web, detener, arrancar });
      } finally {
        await detener();
        rmSync(carpeta, { recursive: true, force: true });
      }
    },
    // Its first start migrates and seeds a fresh embedded database.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ servidor }, use) => use(servidor.url),
});

test.use({ serviceWorkers: 'allow' });
// One server for the file: its tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

const TEXTO_COPIA_GUARDADA = 'Sin conexión: estás viendo una copia guardada';

/** Waits until the service worker controls the page (the first install claims it at once). */
async function esperarServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** Waits until the service worker has `path` among the pages it keeps. */
async function esperarGuardada(page: Page, path: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (url) => (await caches.match(url)) !== undefined,
          new URL(path, page.url()).href,
        ),
      { message: `${path} guardada por el service worker` },
    )
    .toBe(true);
}

test('the manifest is valid with its icons, every page links it, and Chromium can install the app', async ({
  api,
  baseURL,
  page,
  request,
  vendedor,
}) => {
  const manifiesto = await request.get('/manifest.webmanifest');
  expect(manifiesto.status()).toBe(200);
  expect(manifiesto.headers()['content-type']).toContain('application/manifest+json');
  const datos = await manifiesto.json();
  expect(datos).toMatchObject({
    name: 'Compra Grupal',
    short_name: 'Compra Grupal',
    lang: 'es-AR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#059669',
  });
  const iconos = datos.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(iconos.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icono of iconos) {
    const respuesta = await request.get(icono.src);
    expect(respuesta.status(), icono.src).toBe(200);
    expect(respuesta.headers()['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(await respuesta.body()).metadata();
    expect(`${width}x${height} ${format}`, icono.src).toBe(`${icono.sizes} png`);
  }

  // The worker's script is asked for again at every check for a new version.
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // The shell and a page the server draws both link the manifest and the brand's colour.
  const producto = await api.nuevoProducto(vendedor, { nombre: `Yerba instalable ${idUnico()}` });
  for (const path of ['/', `/product/${producto._id}`]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#059669');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
  }
  await esperarServiceWorker(page);

  // What Chrome checks before offering 'Instalar' (Lighthouse 12 no longer has a PWA audit),
  // in a profile of its own: Chromium never offers it in an incognito context.
  const perfil = mkdtempSync(join(tmpdir(), 'cg-e2e-perfil-'));
  const navegador = await chromium.launchPersistentContext(perfil, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL,
    locale: 'es-AR',
  });
  try {
    const pagina = navegador.pages()[0] ?? (await navegador.newPage());
    await pagina.goto('/');
    await esperarServiceWorker(pagina);
    const cdp = await navegador.newCDPSession(pagina);
    const { errors, url } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await navegador.close();
    rmSync(perfil, { recursive: true, force: true });
  }
});

test('with the server stopped, the pages seen open with the offline notice and the others show the offline page', async ({
  api,
  page,
  servidor,
  vendedor,
}) => {
  const visto = await api.nuevoProducto(vendedor, { nombre: `Mate visto ${idUnico()}` });
  const noVisto = await api.nuevoProducto(vendedor, { nombre: `Mate no visto ${idUnico()}` });

  // A product page (the first page of the visit: loaded before the worker existed), and the
  // store reached from it inside the app: both are kept.
  await page.goto(`/product/${visto._id}`);
  await expect(page.getByRole('heading', { level: 1, name: visto.nombre })).toBeVisible();
  await esperarServiceWorker(page);
  await esperarGuardada(page, `/product/${visto._id}`);
  await page.getByRole('link', { name: vendedor.tiendaNombre }).first().click();
  await expect(page).toHaveURL(new RegExp(`/store/${vendedor.tiendaId}$`));
  await esperarGuardada(page, `/store/${vendedor.tiendaId}`);
  // A fresh page says nothing about the connection.
  await expect(page.getByText(TEXTO_COPIA_GUARDADA)).toHaveCount(0);

  await servidor.detener();
  try {
    // The saved copy, taken over by the app's code from the worker's cache (reload waits for
    // the hydration), with the notice.
    await page.goto(`/product/${visto._id}`);
    await expect(page.getByRole('heading', { level: 1, name: visto.nombre })).toBeVisible();
    const aviso = page.getByRole('status').filter({ hasText: TEXTO_COPIA_GUARDADA });
    await expect(aviso).toBeVisible();
    await expect(aviso).toContainText(/hace (un momento|\d+ minutos?)/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: visto.nombre })).toBeVisible();
    await expect(aviso).toBeVisible();

    await page.goto(`/store/${vendedor.tiendaId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: vendedor.tiendaNombre }),
    ).toBeVisible();
    await expect(aviso).toBeVisible();

    // A page never seen: the branded offline page, with a way to try again.
    await page.goto(`/product/${noVisto._id}`);
    await expect(page).toHaveTitle('Sin conexión · Compra Grupal');
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  } finally {
    await servidor.arrancar();
  }

  // Back online, 'Reintentar' opens the page itself, fresh and without the notice.
  await page.getByRole('link', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: noVisto.nombre })).toBeVisible();
  await expect(page.getByText(TEXTO_COPIA_GUARDADA)).toHaveCount(0);
});

test("a new build is offered with 'Nueva versión disponible' and taken only on 'Actualizar'", async ({
  page,
  servidor,
}) => {
  await page.goto('/');
  await esperarServiceWorker(page);
  const primera = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
  );
  expect(primera).toMatch(/\/sw\.js$/);

  // A deploy: a new sw.js (its precache list changes with every build that changes a file).
  const sw = join(servidor.web, 'sw.js');
  const original = readFileSync(sw, 'utf8');
  writeFileSync(sw, `${original}\n// ${idUnico()}\n`);
  try {
    // The browser looks for a new version at every page load.
    await page.reload();
    const aviso = page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });
    await expect(aviso).toBeVisible();
    // Nothing changes until the person chooses: the page is the same document.
    await page.evaluate(() => {
      (window as unknown as { mismaPagina: boolean }).mismaPagina = true;
    });
    await expect(aviso.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null,
      ),
    ).toBe(true);

    const recargada = page.waitForEvent('load');
    await aviso.getByRole('button', { name: 'Actualizar' }).click();
    // The new version took over and the page loaded again under it, without the prompt.
    await recargada;
    await esperarHidratacion(page);
    expect(
      await page.evaluate(() => (window as unknown as { mismaPagina?: boolean }).mismaPagina),
    ).toBeUndefined();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registro = await navigator.serviceWorker.getRegistration();
          return registro?.waiting === null && registro.active?.state === 'activated';
        }),
      )
      .toBe(true);
    await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);
  } finally {
    writeFileSync(sw, original);
  }
});
