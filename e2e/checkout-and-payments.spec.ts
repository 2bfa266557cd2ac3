import type { Page } from '@playwright/test';
import { conHidratacion, expect, test } from './fixtures';
import { logIn, revisarPaquete, toast } from './helpers';

/**
 * Checkout and payments (issue 13) on a fresh app with its embedded defaults: a shopper buys
 * from two stores through the six steps, pays the first seller (approve) and the second
 * (reject, then approve) on the sandbox's checkout page, sees /failure then /success, the
 * multi-payment page reaches 100 %, and the group's places grow on its open group page in a
 * second browser; Mis Pagos and the payment detail show it.
 *
 * The two sellers (enabled stores with Mercado Pago linked), their products and the shopper
 * are the test's own, made through the API.
 */
async function lugaresOcupados(page: Page) {
  const texto = await page
    .getByText(/lugares ocupados/)
    .first()
    .locator('..')
    .textContent();
  return Number(/(\d+)\s*\/\s*\d+/.exec(texto ?? '')?.[1] ?? Number.NaN);
}

test.describe('checkout and payments', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a shopper pays two sellers (one rejected first) and the group grows live', async ({
    page,
    browser,
    api,
    sufijo,
    comprador,
    ubicacion,
  }) => {
    test.setTimeout(150_000);
    const [almacen, panaderia] = await Promise.all([
      api.nuevoVendedor({ nombre: `Almacén ${sufijo}` }),
      api.nuevoVendedor({ nombre: `Panadería ${sufijo}`, categoria: 'Panadería' }),
    ]);
    const [alfajores, pan] = await Promise.all([
      api.nuevoProducto(almacen, { nombre: `Alfajores ${sufijo}`, lugares: 6 }),
      api.nuevoProducto(panaderia, { nombre: `Pan de campo ${sufijo}` }),
    ]);
    const grupoId = await api.grupoAbierto(almacen, alfajores._id);

    // A second browser watches the group page.
    const visitante = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const grupoPage = conHidratacion(await visitante.newPage());
    await grupoPage.goto(`/group/${grupoId}`);
    await expect(grupoPage.getByRole('heading', { name: 'Detalle del Grupo' })).toBeVisible();
    await expect.poll(() => lugaresOcupados(grupoPage)).toBe(0);

    // The shopper, with an address on the map, has both products in the cart.
    await api.nuevaDireccion(comprador, ubicacion, 'Av. Santa Fe 3253');
    await logIn(page, comprador);
    await page.evaluate(
      ([a, p, g]) =>
        localStorage.setItem(
          'carrito',
          JSON.stringify([
            { productoId: a, cantidadSolicitada: 2, grupoId: g },
            { productoId: p, cantidadSolicitada: 1 },
          ]),
        ),
      [alfajores._id, pan._id, grupoId],
    );

    // The six steps.
    await page.goto('/checkout');
    const continuar = page.getByRole('button', { name: /^Continuar/ });
    await continuar.click();
    await expect(toast(page, 'Términos requeridos')).toBeVisible();
    await page.getByText('Acepto los términos y condiciones de la compra grupal').click();
    await continuar.click();
    await page.getByText('Av. Santa Fe 3253').click();
    await continuar.click();
    await page.getByRole('button', { name: 'Confirmar teléfono' }).click();
    await continuar.click();
    await revisarPaquete(page);
    await continuar.click();
    await expect(page.getByText('Paso 5 de 6')).toBeVisible();
    await continuar.click();
    await expect(toast(page, 'Método de envío requerido')).toBeVisible();
    // Each store's options show once its own quote answers: wait for both before choosing.
    const metodos = page.getByRole('group', { name: /^Método de envío de / });
    await expect(metodos).toHaveCount(2);
    for (const grupo of await metodos.all()) {
      await grupo.getByRole('radio').first().check();
    }
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(2);
    await continuar.click();
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page).toHaveURL(/\/multi-payment-checkout\?pedidoId=[0-9a-f]{24}$/);
    const pedidoId = new URL(page.url()).searchParams.get('pedidoId') ?? '';

    // First seller: approve on the sandbox page; /success leads back with the celebration.
    await page
      .getByRole('button', { name: /^Pagar / })
      .first()
      .click();
    await expect(page.getByText('Modo de prueba').first()).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(toast(page, '¡Pago exitoso!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/multi-payment-checkout\\?pedidoId=${pedidoId}$`));
    await expect(page.getByText('50,0 %').first()).toBeVisible();

    // Second seller: reject, /failure, back; then approve.
    await page
      .getByRole('button', { name: /^Pagar / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await expect(page).toHaveURL(/\/failure/);
    await expect(toast(page, 'Pago cancelado')).toBeVisible();
    await expect(page).toHaveURL(/\/multi-payment-checkout\?pedidoId=/);
    await page.getByRole('button', { name: 'Reintentar pago' }).click();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(page).toHaveURL(/\/multi-payment-checkout/);
    await expect(page.getByText('100,0 %').first()).toBeVisible();

    // The group's places grew on the page open in the other browser, without a reload.
    await expect.poll(() => lugaresOcupados(grupoPage)).toBe(2);
    await visitante.close();

    // Mis Pagos and the detail.
    await page.goto('/my-payments');
    await expect(page.getByText('Pagado').first()).toBeVisible();
    await page
      .getByRole('link', { name: /Ver Detalle/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/payment-detail/${pedidoId}$`));
    await expect(page.getByText('100,0 %').first()).toBeVisible();
  });
});
