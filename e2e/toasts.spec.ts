import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, nuevoComprador, toast } from './helpers';

/** The product page of the demo yerba, reached from its store. */
const ALMACEN = '/store/a10000000000000000000001';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

async function overlap(a: Locator, b: Locator) {
  const [p, q] = [await box(a), await box(b)];
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

for (const width of [375, 1280]) {
  test(`at ${width} px 'Producto agregado' covers neither 'Agregar al Carrito' nor the cart buttons`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, await nuevoComprador(request));
    await page.goto(ALMACEN);
    await page
      .getByRole('region', { name: 'Infusiones', exact: true })
      .getByRole('link', { name: /Yerba mate 1 kg/ })
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
