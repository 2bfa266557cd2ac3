import type { Page } from '@playwright/test';
import { expectSinViolaciones } from './axe';
import { expect, test } from './fixtures';
import { logIn } from './helpers';

/**
 * The notification center (issue 25, docs/decisions/041). A fresh shopper takes one of the two
 * places of a group of a seller of the test's own; a second shopper takes the other through
 * the API and the sandbox: the group completes, and the first shopper's bell counts it up live
 * and lists the 'Grupo completo' notification, whose link opens and marks it read (that
 * notification is emitted by the group's completion, issue 25's events). The other tests check
 * that the bell leaves the brand whole in the top bar of a 375 px phone, and the list as a
 * drawer on phones and a panel on wide screens, with axe.
 */

const campana = (page: Page) =>
  page.locator('[data-slot="top-bar"]').getByRole('button', { name: /^Notificaciones/ });

/** The unread count the bell is named by ('Notificaciones, 3 sin leer'; 0 without a number). */
async function noLeidos(page: Page): Promise<number> {
  const etiqueta = (await campana(page).getAttribute('aria-label')) ?? '';
  return Number(etiqueta.match(/(\d+) sin leer/)?.[1] ?? 0);
}

test.describe('notification center', () => {
  test('a group completing shows in the bell live, and opening it marks it read', async ({
    page,
    api,
    sufijo,
    vendedor,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const nombre = `Yerba compartida ${sufijo}`;
    const { _id: productoId } = await api.nuevoProducto(vendedor, { nombre, lugares: 2 });
    const producto = { productoId, tiendaId: vendedor.tiendaId };
    const [primero, segundo] = await Promise.all([api.nuevoComprador(), api.nuevoComprador()]);
    await api.pagarLugares(primero, producto, 1);

    await logIn(page, primero);
    await expect(campana(page)).toBeVisible();
    // Whatever the order and its payment already told (they are not this test's subject).
    await expect
      .poll(async () => (await campana(page).getAttribute('aria-label')) ?? '')
      .toMatch(/^Notificaciones/);
    const antes = await noLeidos(page);

    // The other shopper takes the last place: the group completes, and the bell hears it.
    await api.pagarLugares(segundo, producto, 1);
    await expect.poll(() => noLeidos(page), { timeout: 20_000 }).toBeGreaterThan(antes);

    await campana(page).click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    const completo = panel.getByRole('button', { name: /Grupo completo/ }).first();
    await expect(completo).toBeVisible();
    await expect(completo).toContainText('Sin leer');
    const conEl = await noLeidos(page);
    await completo.click();
    // Marked read (and, with its link, the screen that shows it opens and the panel closes).
    await expect.poll(() => noLeidos(page)).toBe(conEl - 1);
  });

  test('the top bar keeps the brand whole on a 375 px phone; the drawer and preferences pass axe', async ({
    page,
    comprador,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await logIn(page, comprador);
    await expect(campana(page)).toBeVisible();
    const marca = page.locator('[data-slot="top-bar"] a[href="/"] span.truncate');
    await expect(marca).toHaveText('Compra Grupal');
    // Not cut ('Compra G…'): the text fits its box.
    expect(await marca.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // The list opens as a drawer on phones.
    await campana(page).click();
    const drawer = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('No tenés notificaciones')).toBeVisible();
    await expectSinViolaciones(page);

    await drawer.getByRole('button', { name: 'Preferencias' }).click();
    const preferencias = page.getByRole('dialog', { name: 'Preferencias de notificaciones' });
    const esencial = preferencias.getByRole('switch', { name: 'Correo: Grupo completo' });
    await expect(esencial).toBeDisabled();
    await expect(esencial).toHaveAttribute('aria-checked', 'true');
    await expectSinViolaciones(page);
  });

  test('on wide screens the list is a panel under the bell that passes axe and closes with Escape', async ({
    page,
    comprador,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, comprador);
    await campana(page).click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(panel.getByText('No tenés notificaciones')).toBeVisible();
    const caja = await panel.boundingBox();
    expect(caja?.y ?? -1).toBeGreaterThan(0);
    expect((caja?.y ?? 0) + (caja?.height ?? 0)).toBeLessThanOrEqual(800);
    await expectSinViolaciones(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(campana(page)).toBeFocused();
  });
});
