import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, nuevoComprador, submitLogin, toast } from './helpers';

/**
 * Demo marketplace: 'Almacén Don Ramón' (enabled) and 'Dietética Natural' (not enabled). Other
 * journeys may add products to demo stores, so the store page is checked for the demo products
 * and categories it contains, not for an exact number of them.
 */
const ALMACEN = '/store/a10000000000000000000001';
const DIETETICA = '/store/a10000000000000000000009';

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Opens the demo store and then its yerba from the 'Infusiones' carousel. */
async function abrirYerba(page: Page) {
  await page.goto(ALMACEN);
  await expect(heading(page, 'Almacén Don Ramón')).toBeVisible();
  await page
    .getByRole('region', { name: 'Infusiones', exact: true })
    .getByRole('link', { name: /Yerba mate 1 kg/ })
    .click();
  await expect(heading(page, 'Yerba mate 1 kg')).toBeVisible();
}

function cartLine(page: Page, nombre: string) {
  return page.locator('[data-slot="carrito-linea"]').filter({ hasText: nombre });
}

test.describe('store page and product detail', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the store page shows its categories and products, and a product opens from it', async ({
    page,
  }) => {
    await page.goto(ALMACEN);
    await expect(heading(page, 'Almacén Don Ramón')).toBeVisible();
    await expect(page).toHaveTitle('Almacén Don Ramón · Compra Grupal');
    const main = page.getByRole('main');
    // The store's product count (the first 'N productos', above the rows) agrees with the
    // products shown, and the demo categories are there.
    const cantidad = main.getByText(/^\d+ productos?$/).first();
    await expect(cantidad).toBeVisible();
    const productos = main.locator('[data-slot="producto-card"]');
    await expect
      .poll(async () => `${await productos.count()} productos`)
      .toBe(await cantidad.textContent());
    expect(await productos.count()).toBeGreaterThanOrEqual(8);
    const categorias = main.getByRole('heading', { level: 3 });
    const demo = ['Aceites', 'Conservas', 'Infusiones', 'Secos'];
    await expect(categorias).toContainText(demo);
    const secos = main.getByRole('region', { name: 'Secos', exact: true });
    for (const nombre of ['Fideos spaghetti 500 g', 'Arroz largo fino 1 kg', 'Harina 0000 1 kg']) {
      await expect(secos.getByRole('link', { name: new RegExp(nombre) })).toBeVisible();
    }

    // The category filter narrows the rows.
    await page.getByRole('combobox', { name: 'Filtrar por categoría' }).click();
    await page.getByRole('option', { name: 'Conservas' }).click();
    await expect(main.getByRole('heading', { level: 3 })).toHaveText(['Conservas']);
    await page.getByRole('combobox', { name: 'Filtrar por categoría' }).click();
    await page.getByRole('option', { name: 'Todas las categorías' }).click();
    await expect(categorias).toContainText(demo);
    await expect(secos.getByRole('link', { name: /Harina 0000 1 kg/ })).toBeVisible();

    await main
      .getByRole('region', { name: 'Infusiones', exact: true })
      .getByRole('link', { name: /Yerba mate 1 kg/ })
      .click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
    await expect(heading(page, 'Yerba mate 1 kg')).toBeVisible();
    await expect(main.getByText('$ 4.890,00').first()).toBeVisible();
    await expect(
      main.getByText('Compra Grupal: Se necesitan 10 lugares para completar el grupo'),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Almacén Don Ramón' })).toHaveAttribute(
      'href',
      ALMACEN,
    );
  });

  test('an unknown or disabled store and an unknown product show their not-found views', async ({
    page,
  }) => {
    await page.goto(DIETETICA);
    await expect(heading(page, 'Tienda no encontrada')).toBeVisible();
    await page.goto('/store/no-existe');
    await expect(heading(page, 'Tienda no encontrada')).toBeVisible();

    await page.goto('/product/a39999999999999999999999');
    await expect(heading(page, 'Producto no encontrado')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("'Agregar al Carrito' while logged out goes to /login, and logging in comes back", async ({
    page,
    request,
  }) => {
    const usuario = await nuevoComprador(request);
    await abrirYerba(page);
    const producto = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Agregar al Carrito' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Inicia sesión')).toBeVisible();
    await expect(
      toast(page, 'Inicia sesión').getByText(
        'Debes iniciar sesión para agregar productos al carrito',
      ),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBeNull();

    await submitLogin(page, usuario);
    await expect(toast(page, '¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${producto}$`));
    await expect(heading(page, 'Yerba mate 1 kg')).toBeVisible();
  });
});

test.describe('cart', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a shopper adds 2, opens the cart, changes the quantity and removes the line', async ({
    page,
    request,
  }) => {
    await logIn(page, await nuevoComprador(request));
    await abrirYerba(page);

    await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Cantidad' })).toHaveValue('2');
    await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
    await expect(toast(page, 'Producto agregado')).toBeVisible();

    const verCarrito = page.getByRole('link', { name: 'Ver carrito 2 productos' });
    await expect(verCarrito).toBeVisible();
    await verCarrito.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(heading(page, 'Carrito')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Ver carrito/ })).toHaveCount(0);

    const linea = cartLine(page, 'Yerba mate 1 kg');
    const cantidad = linea.getByRole('spinbutton');
    const total = page.locator('[data-slot="total"]');
    await expect(cantidad).toHaveValue('2');
    await expect(total).toHaveText('$ 9.780,00');

    await linea.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await expect(cantidad).toHaveValue('3');
    await expect(total).toHaveText('$ 14.670,00');

    const menos = linea.getByRole('button', { name: 'Disminuir cantidad' });
    await menos.click();
    await menos.click();
    await expect(cantidad).toHaveValue('1');
    await expect(menos).toBeDisabled();
    await expect(total).toHaveText('$ 4.890,00');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('carrito')))
      .toMatch(/"cantidadSolicitada":1\}\]$/);

    // The summary groups the lines by store and closes back to /cart.
    await page.getByRole('button', { name: 'Ver resumen' }).click();
    const resumen = page.getByRole('dialog', { name: 'Resumen del carrito' });
    await expect(resumen).toBeVisible();
    await expect(page).toHaveURL(/\/cart\?resumen=1$/);
    await expect(resumen.getByText('Almacén Don Ramón')).toBeVisible();
    await expect(resumen.getByText('1 × Yerba mate 1 kg')).toBeVisible();
    await resumen.getByRole('button', { name: 'Volver al carrito' }).click();
    await expect(resumen).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart$/);

    await expect(page.getByRole('link', { name: 'Proceder al checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );

    await linea.getByRole('button', { name: 'Eliminar Yerba mate 1 kg' }).click();
    await expect(toast(page, 'Producto eliminado')).toBeVisible();
    await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explorar tiendas' })).toHaveAttribute('href', '/');
  });
});
