import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, revisarPaquete, submitLogin, toast } from './helpers';

/**
 * One origin (issue 24). The e2e server's PUBLIC_URL is `http://127.0.0.1:PORT`, where the
 * payment comes back; a shopper who opens `http://localhost:PORT` (the same server) is sent
 * there before anything is stored, so the session the payment returns to is the one they
 * logged in with. And a session that ends on a protected screen (logout, expiry) lands on /,
 * as the spec says, not on /login.
 */

/** The same server under the other name of this machine: not PUBLIC_URL's origin. */
function otroOrigen(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? '');
  expect(url.hostname, 'the e2e server runs on 127.0.0.1').toBe('127.0.0.1');
  url.hostname = 'localhost';
  return url.origin;
}

function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('accessToken'));
}

test.describe('one origin', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a shopper who opens localhost logs in, pays on the sandbox and lands signed in with the payment approved', async ({
    page,
    baseURL,
    api,
    sufijo,
    comprador,
    vendedor,
    ubicacion,
  }) => {
    test.setTimeout(150_000);
    const publico = new URL(baseURL ?? '').origin;
    const producto = await api.nuevoProducto(vendedor, { nombre: `Medialunas ${sufijo}` });
    await api.nuevaDireccion(comprador, ubicacion, 'Av. Santa Fe 3253');

    // Opened on the other origin: the server sends the browser to PUBLIC_URL's, path kept.
    await page.goto(`${otroOrigen(baseURL)}/login`);
    await expect(page).toHaveURL(`${publico}/login`);
    await submitLogin(page, comprador);
    await expect(toast(page, '¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL(`${publico}/`);
    await page.evaluate(
      (id) =>
        localStorage.setItem(
          'carrito',
          JSON.stringify([{ productoId: id, cantidadSolicitada: 1 }]),
        ),
      producto._id,
    );

    await page.goto('/checkout');
    const continuar = page.getByRole('button', { name: /^Continuar/ });
    await page.getByText('Acepto los términos y condiciones de la compra grupal').click();
    await continuar.click();
    await page.getByText('Av. Santa Fe 3253').click();
    await continuar.click();
    await page.getByRole('button', { name: 'Confirmar teléfono' }).click();
    await continuar.click();
    await revisarPaquete(page);
    await continuar.click();
    await expect(page.getByText('Paso 5 de 6')).toBeVisible();
    await page
      .getByRole('group', { name: /^Método de envío de / })
      .getByRole('radio')
      .first()
      .check();
    await continuar.click();
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page).toHaveURL(/\/multi-payment-checkout\?pedidoId=[0-9a-f]{24}$/);
    const pedidoId = new URL(page.url()).searchParams.get('pedidoId') ?? '';

    await page.getByRole('button', { name: /^Pagar / }).click();
    await expect(page.getByText('Modo de prueba').first()).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();

    // Back on the origin the session lives in: signed in, the payment approved.
    await expect(toast(page, '¡Pago exitoso!')).toBeVisible();
    await expect(page).toHaveURL(`${publico}/multi-payment-checkout?pedidoId=${pedidoId}`);
    await expect(page.getByText('100,0 %').first()).toBeVisible();
    await expect(page.getByText('Pagado').first()).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    await expect(
      page.getByRole('banner').getByRole('button', { name: /menú de usuario$/i }),
    ).toBeVisible();
  });

  test('the API answers on either origin: only pages are sent to PUBLIC_URL', async ({
    request,
    baseURL,
  }) => {
    const salud = await request.get(`${otroOrigen(baseURL)}/api/health`, { maxRedirects: 0 });
    expect(salud.status()).toBe(200);
    const pagina = await request.get(`${otroOrigen(baseURL)}/store/x?y=1`, {
      maxRedirects: 0,
      headers: { accept: 'text/html' },
    });
    expect(pagina.status()).toBe(302);
    expect(pagina.headers().location).toBe(`${new URL(baseURL ?? '').origin}/store/x?y=1`);
  });
});

test.describe('a session that ends on a protected screen lands on /', () => {
  for (const width of [375, 1280]) {
    test(`logging out from Mis Pedidos at ${width} px`, async ({ page, comprador }) => {
      await page.setViewportSize({ width, height: 800 });
      await logIn(page, comprador);
      await page.goto('/my-orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
      await page
        .getByRole('banner')
        .getByRole('button', { name: /menú de usuario$/i })
        .click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();

      await expect(toast(page, 'Sesión cerrada')).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' }),
      ).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('redirectAfterAuth'))).toBeNull();
    });
  }

  test("an expired session says 'Sesión expirada' and lands on /", async ({
    page,
    context,
    comprador,
  }) => {
    await logIn(page, comprador);
    // The session ended on the server's side: no refresh cookie, a token past its time. The
    // token is forged on a same-origin file where no app runs: forged under the live app, a
    // query of the home screen could end the session there first, before the visit.
    await context.clearCookies();
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      const [cabecera, cuerpo, firma] = (localStorage.getItem('accessToken') ?? '').split('.');
      const datos = JSON.parse(atob((cuerpo ?? '').replace(/-/g, '+').replace(/_/g, '/')));
      datos.exp = Math.floor(Date.now() / 1000) - 60;
      const vencido = btoa(JSON.stringify(datos))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      localStorage.setItem('accessToken', `${cabecera}.${vencido}.${firma}`);
    });
    // Watched from before the visit: on a loaded machine the session can end while the page is
    // still hydrating (what `goto` waits for here), and the toast may be gone by the time it
    // returns.
    const avisoDeSesionExpirada = expect(toast(page, 'Sesión expirada')).toBeVisible();
    await page.goto('/my-orders');

    await avisoDeSesionExpirada;
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('/delivery-orders opened by a shopper', () => {
  for (const width of [375, 1280]) {
    test(`says in place it is for couriers and leads to Mis Pedidos, at ${width} px`, async ({
      page,
      comprador,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await logIn(page, comprador);
      await page.goto('/delivery-orders');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Acceso restringido' }),
      ).toBeVisible();
      await expect(page.getByText(/Esta sección es solo para repartidores/)).toBeVisible();
      await expect(page).toHaveURL(/\/delivery-orders$/);
      await page.getByRole('link', { name: 'Ir a Mis Pedidos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
    });
  }
});
