import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, nuevoComprador } from './helpers';

/**
 * axe (WCAG 2.1 A and AA) finds nothing on the shopper's screens, at the phone and desktop
 * widths the screens were designed for. Motion is reduced so that no element is caught halfway
 * through its entrance animation.
 */
const ALMACEN = '/store/a10000000000000000000001';
const PALERMO = { latitude: -34.5889, longitude: -58.4108 };
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  // What failed and where, readable in the report.
  const found = violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
  expect(found).toEqual([]);
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

test.describe('accessibility without the location', () => {
  test.use({ viewport: { width: 375, height: 860 }, reducedMotion: 'reduce' });

  test('the marketplace when the browser refuses the location, with its error toast', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('[data-sonner-toast]')).toBeVisible();
    await expectNoViolations(page);
  });
});

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({
      viewport: { width, height: 860 },
      geolocation: PALERMO,
      permissions: ['geolocation'],
      reducedMotion: 'reduce',
    });

    test('the marketplace and the location picker, logged out and offline', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page);

      await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
      const picker = page.getByRole('dialog');
      // The tests run with no network: the map says so and still places the marker.
      await expect(picker.getByText(/No pudimos cargar el mapa/)).toBeVisible({ timeout: 15_000 });
      await expect(picker.locator('.leaflet-marker-icon')).toBeVisible();
      await expectNoViolations(page);
    });

    test('login and register', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('tab', { name: 'Iniciar Sesión' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('tab', { name: 'Registrarse' }).click();
      await expect(page.getByLabel('Confirmar contraseña', { exact: true })).toBeVisible();
      await expectNoViolations(page);
    });

    test('a store, a product and the cart, logged in', async ({ page, request }) => {
      await logIn(page, await nuevoComprador(request));
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page);

      await page.goto(ALMACEN);
      await expect(heading(page, 'Almacén Don Ramón')).toBeVisible();
      await expectNoViolations(page);

      await page
        .getByRole('region', { name: 'Infusiones', exact: true })
        .getByRole('link', { name: /Yerba mate 1 kg/ })
        .click();
      await expect(heading(page, 'Yerba mate 1 kg')).toBeVisible();
      await expectNoViolations(page);

      await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
      await page.goto('/cart');
      await expect(page.locator('[data-slot="carrito-linea"]')).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Yerba mate 1 kg' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('the empty cart and a page that does not exist', async ({ page, request }) => {
      await logIn(page, await nuevoComprador(request));
      await page.goto('/cart');
      await expect(heading(page, 'Carrito')).toBeVisible();
      await expectNoViolations(page);
      await page.goto('/no-existe');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
