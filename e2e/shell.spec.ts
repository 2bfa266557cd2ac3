import { expect, test } from './fixtures';

test.describe('app shell', () => {
  test('the home page renders the shell in Spanish', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(page).toHaveTitle(/Compra Grupal/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /Compra Grupal/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tiendas cerca tuyo' })).toBeVisible();

    await banner.getByRole('link', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(banner.getByRole('link', { name: 'Volver al Inicio' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Iniciar Sesión' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Volver al Inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown route shows the 404 screen and its link goes home', async ({ page }) => {
    const response = await page.goto('/esta/ruta/no-existe');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Tiendas cerca tuyo' })).toBeVisible();
  });

  test('/dashboard ends at /', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Tiendas cerca tuyo' })).toBeVisible();
  });

  test('every route of the spec resolves to its screen', async ({ page, api, vendedor }) => {
    const producto = await api.nuevoProducto(vendedor);
    const grupoId = await api.grupoAbierto(vendedor, producto._id);
    const routes: [string, string][] = [
      ['/my-store', 'Mi Tienda'],
      ['/cart', 'Carrito'],
      [`/group/${grupoId}`, 'Detalle del Grupo'],
      // Mis Pedidos is a shopper's, the delivery screen a courier's: a visitor signs in first.
      ['/my-orders', 'Iniciar Sesión'],
      ['/delivery-orders', 'Iniciar Sesión'],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
  });
});

test.describe('side panel', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'token-de-prueba');
      window.dispatchEvent(new Event('authChange'));
    });
  });

  test('on wide screens it is 16rem wide and Ctrl+B folds it to a 3rem rail', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const panel = page.getByRole('complementary', { name: 'Panel de Control' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Navegación')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Inicio' })).toBeVisible();
    expect((await panel.boundingBox())?.width).toBe(256);

    await page.keyboard.press('Control+b');
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(48);
    await page.keyboard.press('Control+b');
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(256);
  });

  test('at 375 px the mobile layout applies: the panel opens as an 18rem sheet', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('complementary', { name: 'Panel de Control' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const sheet = page.getByRole('dialog', { name: 'Panel de Control' });
    await expect(sheet).toBeVisible();
    await expect.poll(async () => Math.round((await sheet.boundingBox())?.width ?? 0)).toBe(288);
    await sheet.getByRole('link', { name: 'Inicio' }).click();
    await expect(sheet).toBeHidden();
  });
});
