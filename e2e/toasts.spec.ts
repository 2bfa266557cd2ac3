import type { Locator } from '@playwright/test';
import { estarEn, expect, test } from './fixtures';
import { logIn, toast } from './helpers';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

async function overlap(a: Locator, b: Locator) {
  const [p, q] = [await box(a), await box(b)];
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

/** Waits until the toast has stopped sliding in: its box is where it stays. */
async function asentado(aviso: Locator) {
  await expect(aviso).toHaveAttribute('data-mounted', 'true');
  let before = Number.NaN;
  await expect
    .poll(async () => {
      const { y } = await box(aviso);
      const settled = y === before;
      before = y;
      return settled;
    })
    .toBe(true);
}

for (const width of [375, 1280]) {
  test(`at ${width} px 'Producto agregado' covers neither 'Agregar al Carrito' nor the cart buttons`, async ({
    page,
    api,
    sufijo,
    comprador,
  }) => {
    // A product of a store of this test's own, reached from its store.
    const vendedor = await api.nuevoVendedor({ categorias: ['Infusiones'] });
    const yerba = await api.nuevoProducto(vendedor, {
      nombre: `Yerba mate 1 kg ${sufijo}`,
      categorias: ['Infusiones'],
    });
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, comprador);
    await page.goto(`/store/${vendedor.tiendaId}`);
    await page
      .getByRole('region', { name: 'Infusiones', exact: true })
      .getByRole('link', { name: yerba.nombre })
      .click();
    const agregar = page.getByRole('button', { name: 'Agregar al Carrito' });
    // On a phone the buy bar keeps the button on screen without scrolling.
    await expect(agregar).toBeInViewport();
    await agregar.click();

    const aviso = toast(page, 'Producto agregado');
    await expect(aviso).toBeVisible();
    // Once the toast has stopped sliding in.
    let before = Number.NaN;
    await expect
      .poll(async () => {
        const { y } = await box(aviso);
        const settled = y === before;
        before = y;
        return settled;
      })
      .toBe(true);
    expect(await overlap(aviso, agregar)).toBe(false);
    expect(await overlap(aviso, page.getByRole('link', { name: /^Carrito/ }))).toBe(false);
    const flotante = page.getByRole('link', { name: /^Ver carrito/ });
    if (await flotante.isVisible()) expect(await overlap(aviso, flotante)).toBe(false);
  });
}

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("'¡Bienvenido!' sits below the top bar, and opening the side panel sends it away from the panel's items", async ({
    page,
    context,
    comprador,
    ubicacion,
  }) => {
    // With a location, no location error replaces the greeting.
    await estarEn(context, ubicacion);
    await logIn(page, comprador);
    const bienvenido = toast(page, '¡Bienvenido!');
    await asentado(bienvenido);
    expect(await overlap(bienvenido, page.locator('[data-slot="top-bar"]'))).toBe(false);

    const panel = page.getByRole('dialog', { name: 'Panel de Control' });
    const primerItem = panel.getByRole('link', { name: 'Inicio' });
    // Still on screen when the panel opens (its own 5 s are far from over).
    await expect(bienvenido).toBeVisible();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(primerItem).toBeVisible();
    // Gone with the panel's opening, well before its 5 s: no toast over the panel's items.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 2_000 });

    // Closed, the toast does not come back.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  test("checkout's validation toast sits below its title and progress bar", async ({
    page,
    api,
    comprador,
  }) => {
    const vendedor = await api.nuevoVendedor();
    const producto = await api.nuevoProducto(vendedor);
    await logIn(page, comprador);
    await page.goto(`/product/${producto._id}`);
    await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
    await page.goto('/checkout');
    const encabezado = page.locator('header').filter({ hasText: /Paso 1 de 6/ });
    await expect(encabezado).toBeVisible();
    await page.getByRole('button', { name: /^Continuar/ }).click();

    const aviso = toast(page, 'Términos requeridos');
    await asentado(aviso);
    expect(await overlap(aviso, encabezado)).toBe(false);
    expect(await overlap(aviso, page.locator('[data-slot="top-bar"]'))).toBe(false);
    expect(await overlap(aviso, page.getByRole('button', { name: /^Continuar/ }))).toBe(false);
    // Fixed, it goes before its own 5 s.
    await page.getByText('Acepto los términos y condiciones de la compra grupal').click();
    await expect(aviso).toHaveCount(0, { timeout: 4_000 });
  });
});
