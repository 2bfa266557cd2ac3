import type { Page } from '@playwright/test';
import { expect, idUnico, test } from './fixtures';

/**
 * The public pages the server draws (docs/decisions/044): whole in the first answer, without
 * JavaScript, and taken over by the browser without an error, without asking again for what
 * the page holds and without drawing it anew (the server's nodes are the ones React keeps).
 */

/** Watches a page from its first byte: console errors and the API requests it makes. */
function vigilar(page: Page) {
  const errores: string[] = [];
  const pedidas: string[] = [];
  page.on('console', (mensaje) => {
    if (mensaje.type() === 'error') errores.push(mensaje.text());
  });
  page.on('pageerror', (error) => errores.push(error.message));
  page.on('request', (pedida) => {
    if (new URL(pedida.url()).pathname.startsWith('/api/')) pedidas.push(pedida.url());
  });
  return { errores, pedidas };
}

/** Opens `path`, remembers the server's `<h1>` and waits until React has taken it over. */
async function abrirYEsperarHidratacion(page: Page, path: string) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { tituloDelServidor: Element | null }).tituloDelServidor =
        document.querySelector('h1');
    });
  });
  await page.goto(path);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const titulo = document.querySelector('h1');
        return titulo !== null && Object.keys(titulo).some((k) => k.startsWith('__reactFiber'));
      }),
    )
    .toBe(true);
  const mismoNodo = await page.evaluate(
    () =>
      document.querySelector('h1') ===
      (window as unknown as { tituloDelServidor: Element | null }).tituloDelServidor,
  );
  expect(mismoNodo, 'el <h1> del servidor es el que React conserva').toBe(true);
}

test('a product page is whole without JavaScript and hydrates without an error or a second request', async ({
  api,
  browser,
  baseURL,
  page,
  request,
}) => {
  const vendedor = await api.nuevoVendedor();
  const producto = await api.nuevoProducto(vendedor, {
    nombre: `Yerba dibujada ${idUnico()}`,
    precio: 4890,
  });
  const path = `/product/${producto._id}`;

  const html = await (await request.get(path)).text();
  expect(html).toContain('"@type":"Product"');
  expect(html).not.toContain(vendedor.userId);
  expect(html).not.toContain(vendedor.credenciales.email);

  const sinJs = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const pagina = await sinJs.newPage();
    await pagina.goto(path);
    await expect(pagina.getByRole('heading', { level: 1, name: producto.nombre })).toBeVisible();
    await expect(pagina.getByText('$ 4.890,00').first()).toBeVisible();
    await expect(pagina.getByRole('img', { name: producto.nombre })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    await expect(pagina.getByRole('link', { name: vendedor.tiendaNombre })).toBeVisible();
  } finally {
    await sinJs.close();
  }

  const { errores, pedidas } = vigilar(page);
  await abrirYEsperarHidratacion(page, path);
  // Only "more of this store", which the page does not hold, was asked for.
  expect(pedidas.filter((url) => url.includes(`/api/producto/${producto._id}`))).toEqual([]);
  expect(errores).toEqual([]);
  // Taken over: buying without a session leads to logging in.
  await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a store page and a group page hydrate without an error or a second request', async ({
  api,
  page,
}) => {
  const vendedor = await api.nuevoVendedor();
  const producto = await api.nuevoProducto(vendedor, { nombre: `Miel dibujada ${idUnico()}` });
  const grupoId = await api.grupoAbierto(vendedor, producto._id);

  const { errores, pedidas } = vigilar(page);
  await abrirYEsperarHidratacion(page, `/store/${vendedor.tiendaId}`);
  await expect(page.getByRole('heading', { level: 1, name: vendedor.tiendaNombre })).toBeVisible();
  await expect(page.getByText(producto.nombre).first()).toBeVisible();

  await abrirYEsperarHidratacion(page, `/group/${grupoId}`);
  await expect(page.getByText(producto.nombre).first()).toBeVisible();

  expect(pedidas.filter((url) => url.includes(`/con-productos/${vendedor.tiendaId}`))).toEqual([]);
  expect(pedidas.filter((url) => url.includes(`/grupoConProducto/${grupoId}`))).toEqual([]);
  expect(errores).toEqual([]);
});
