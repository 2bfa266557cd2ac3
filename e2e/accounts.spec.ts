import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { emailUnico, logIn, repartidor, toast } from './helpers';

const ACCIONES_DE_COMPRADOR = ['Mi Tienda', 'Mis Servicios', 'Mis Pedidos', 'Mis Pagos'];

function panel(page: Page) {
  return page.getByRole('complementary', { name: 'Panel de Control' });
}

function acciones(page: Page) {
  return panel(page).getByRole('navigation', { name: 'Acciones' }).getByRole('listitem');
}

function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('accessToken'));
}

/** When the stored token expires (seconds since the epoch), read the way the client reads it. */
function expiresAt(page: Page) {
  return page.evaluate(() => {
    const token = localStorage.getItem('accessToken') ?? '';
    const payload = token.split('.')[1] ?? '';
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    return exp;
  });
}

/** Seconds until the stored token expires. */
async function secondsLeft(page: Page) {
  return (await expiresAt(page)) - Date.now() / 1000;
}

test.describe('accounts and session', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new shopper registers, logs in, sees the shopper actions and logs out', async ({
    page,
  }) => {
    const email = emailUnico();
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    await page.getByLabel('Nombre completo').fill('Prueba Punta a Punta');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Teléfono').fill('+54 11 5555-1234');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreta123');
    await page.getByLabel('Confirmar contraseña').fill('secreta123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(toast(page, '¡Cuenta creada!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

    await page.getByLabel('Contraseña', { exact: true }).fill('secreta123');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(toast(page, '¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await expect(acciones(page)).toHaveText(ACCIONES_DE_COMPRADOR);
    await panel(page).getByRole('button', { name: 'Mis Servicios' }).click();
    await expect(toast(page, 'En construcción')).toBeVisible();
    await expect(
      toast(page, 'En construcción').getByText('Esta funcionalidad estará disponible próximamente'),
    ).toBeVisible();

    await panel(page).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(toast(page, 'Sesión cerrada')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Iniciar Sesión' }),
    ).toBeVisible();
  });

  test('a delivery person sees Pedidos and Mis Servicios only', async ({ page }) => {
    await logIn(page, repartidor);
    await expect(acciones(page)).toHaveText(['Pedidos', 'Mis Servicios']);
    await panel(page).getByRole('link', { name: 'Pedidos' }).click();
    await expect(page).toHaveURL(/\/delivery-orders$/);
  });

  test('the user menu shows who is logged in and logs out', async ({
    page,
    comprador: usuario,
  }) => {
    await logIn(page, usuario);
    await page.getByRole('banner').getByRole('button', { name: 'Menú de usuario' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(usuario.email)).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Mis Pedidos',
      'Mis Pagos',
      'Cerrar sesión',
    ]);
    await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(toast(page, 'Sesión cerrada')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });

  test('Google sign-in through the local issuer lands logged in on /', async ({ page }) => {
    // No address of the journey ever carries a token (logs, history, crafted links).
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continuar con Google' }).click();

    await expect(page).toHaveTitle(/Modo de prueba/);
    await expect(page.getByLabel('Email')).not.toHaveValue('');
    await expect(page.getByLabel('Nombre')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(toast(page, '¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(panel(page)).toBeVisible();
    await expect(acciones(page)).toHaveText(ACCIONES_DE_COMPRADOR);
    await expect.poll(() => storedToken(page)).toBeTruthy();
    expect(addresses.some((address) => address.includes('/auth/callback'))).toBe(true);
    expect(addresses.filter((address) => /token/i.test(address))).toEqual([]);
  });

  test('the local issuer never opens an existing account', async ({ page, comprador }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continuar con Google' }).click();
    await expect(page).toHaveTitle(/Modo de prueba/);
    await page.getByLabel('Email').fill(comprador.email);
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(toast(page, 'No se pudo iniciar sesión con Google.')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
    await expect(panel(page)).toHaveCount(0);
    await expect.poll(() => storedToken(page)).toBeNull();
  });

  test('a token about to expire is renewed and the session goes on', async ({
    page,
    comprador: usuario,
  }) => {
    await logIn(page, usuario);
    await expect(acciones(page)).toHaveText(ACCIONES_DE_COMPRADOR);
    const first = await storedToken(page);
    const firstExpiry = await expiresAt(page);
    expect(first).toBeTruthy();

    // The server issues short tokens here; wait until the client counts this one as expired
    // (it ends within 30 s).
    expect(await secondsLeft(page), 'the e2e server must issue short tokens').toBeLessThan(60);
    await expect
      .poll(() => secondsLeft(page), { timeout: 30_000, intervals: [500] })
      .toBeLessThan(29);

    // A reload asks the API for the roles again: the client renews first.
    await page.reload();
    await expect(acciones(page)).toHaveText(ACCIONES_DE_COMPRADOR);
    await expect.poll(() => storedToken(page)).not.toBe(first);
    // A later expiry, not a number of seconds left: on a busy machine the reload itself can
    // take a good part of the new token's 40 s.
    expect(await expiresAt(page)).toBeGreaterThan(firstExpiry);
    await expect(panel(page)).toBeVisible();
    await expect(toast(page, 'Sesión expirada')).toHaveCount(0);

    // The renewed session answers authenticated calls.
    await page.getByRole('banner').getByRole('button', { name: 'Menú de usuario' }).click();
    await expect(page.getByRole('menu').getByText(usuario.email)).toBeVisible();
  });

  test('a wrong password shows the server message and stays logged out', async ({
    page,
    comprador: usuario,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(usuario.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(toast(page, 'Email o contraseña incorrectos')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect(panel(page)).toHaveCount(0);
  });

  test("the login form's validations", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(toast(page, 'Campos requeridos')).toBeVisible();

    await page.goto('/register');
    await page.getByLabel('Nombre completo').fill('Ana');
    await page.getByLabel('Email', { exact: true }).fill(emailUnico('ana'));
    await page.getByLabel('Teléfono').fill('1155551234');
    await page.getByLabel('Contraseña', { exact: true }).fill('abc');
    await page.getByLabel('Confirmar contraseña').fill('abc');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toast(page, 'Contraseña muy corta')).toBeVisible();
  });

  test('the login dialog is a modal on wide screens', async ({ page, api, vendedor }) => {
    const producto = await api.nuevoProducto(vendedor);
    await page.goto(`/group/${await api.grupoAbierto(vendedor, producto._id)}`);
    await page.getByRole('button', { name: 'Unirse al Grupo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inicia sesión para continuar' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-slot', 'dialog-content');
    await expect(dialog.getByText('Únete al grupo de compra')).toBeVisible();
  });

  test('at 375 px the login dialog is a bottom drawer and logs in in place', async ({
    page,
    api,
    comprador: usuario,
    vendedor,
  }) => {
    const producto = await api.nuevoProducto(vendedor);
    const grupoId = await api.grupoAbierto(vendedor, producto._id);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/group/${grupoId}`);
    await page.getByRole('button', { name: 'Unirse al Grupo' }).click();

    const drawer = page.locator('[data-vaul-drawer]');
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAccessibleName('Inicia sesión para continuar');
    await expect(
      drawer.getByRole('heading', { name: 'Inicia sesión para continuar' }),
    ).toBeVisible();
    await expect(drawer.getByText('Únete al grupo de compra')).toBeVisible();
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? Math.round(box.y + box.height) : 0;
      })
      .toBe(800);

    await drawer.getByLabel('Email', { exact: true }).fill(usuario.email);
    await drawer.getByLabel('Contraseña', { exact: true }).fill(usuario.contrasenia);
    await drawer.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(toast(page, '¡Bienvenido!')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/group/${grupoId}$`));
  });
});
