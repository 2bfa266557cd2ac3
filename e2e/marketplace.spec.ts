import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toast } from './helpers';

/**
 * Palermo, Buenos Aires. The demo stores below reach it; other journeys may add stores of their
 * own, so the assertions name demo stores and check that the count agrees with the cards shown,
 * instead of expecting an exact number of stores.
 */
const PALERMO = { latitude: -34.5889, longitude: -58.4108 };
const DEMO_EN_PALERMO = [
  'Almacén Don Ramón',
  'La Huerta de Villa Crespo',
  'Carnicería El Novillo',
  'Panadería La Espiga',
  'Bebidas del Centro',
  'Tecno Barrio',
];

const DENEGADA =
  'Acceso a la ubicación denegado. Para ver tiendas cercanas, habilita la ubicación en tu navegador (ícono de ubicación en la barra de direcciones) y recarga la página.';

function card(page: Page, nombre: string) {
  return page.getByRole('article', { name: nombre });
}

function search(page: Page) {
  return page.getByPlaceholder('Buscar tiendas o productos...');
}

/** The line '<n> tiendas encontradas' ('1 tienda encontrada') matches the cards listed. */
async function expectCountMatchesCards(page: Page) {
  const line = page.getByText(/^\d+ tiendas? encontradas?$/);
  await expect
    .poll(async () => {
      const shown = await page.getByRole('article').count();
      const expected = shown === 1 ? '1 tienda encontrada' : `${shown} tiendas encontradas`;
      const text = (await line.count()) === 1 ? await line.textContent() : null;
      return text === expected ? 'ok' : `'${text}' with ${shown} cards`;
    })
    .toBe('ok');
}

/** These stores are listed (and those not), and the count line agrees with the cards. */
async function expectListed(page: Page, present: string[], absent: string[] = []) {
  for (const nombre of present) await expect(card(page, nombre)).toBeVisible();
  for (const nombre of absent) await expect(card(page, nombre)).toHaveCount(0);
  await expectCountMatchesCards(page);
}

async function openListing(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' })).toBeVisible();
  await expectListed(page, DEMO_EN_PALERMO);
}

test.describe('marketplace with the GPS position', () => {
  test.use({
    geolocation: PALERMO,
    permissions: ['geolocation'],
    viewport: { width: 1280, height: 800 },
  });

  test('lists the enabled demo stores around Palermo and saves the position', async ({ page }) => {
    await openListing(page);
    await expect(page.getByText('Lat -34.5889, Lng -58.4108')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('marketplaceLocation')))
      .toBe(JSON.stringify({ lat: -34.5889, lng: -58.4108 }));

    // A card shows at most 6 products and links to all of them; its 4th local category and
    // beyond fold into '+n más'.
    const almacen = card(page, 'Almacén Don Ramón');
    const verTodos = almacen.getByRole('link', { name: /^Ver todos los productos \(\d+\)$/ });
    await expect(verTodos).toBeVisible();
    const total = Number(/\((\d+)\)/.exec((await verTodos.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(8);
    await expect(
      almacen.getByRole('region', { name: 'Productos de Almacén Don Ramón' }).getByRole('group'),
    ).toHaveCount(6);
    await expect(almacen.getByText(/^\+\d+ más$/)).toBeVisible();
    await expect(almacen.getByText(/\$\s\d{1,3}(\.\d{3})*,\d{2}/).first()).toBeVisible();
    await expect(
      card(page, 'Tecno Barrio').getByText('Esta tienda aún no tiene productos'),
    ).toBeVisible();
    // The 2 km bakery reaches Palermo; a disabled store and the one in Córdoba are not listed.
    await expect(card(page, 'Panadería La Espiga')).toBeVisible();
    await expect(card(page, 'Dietética Natural')).toHaveCount(0);
    await expect(card(page, 'Almacén Serrano')).toHaveCount(0);
  });

  test("a card's carousel advances every 2.5 s, holds while focused, and its arrows and keys move one product", async ({
    page,
  }) => {
    await openListing(page);
    const carrusel = card(page, 'Almacén Don Ramón').getByRole('region', {
      name: 'Productos de Almacén Don Ramón',
    });
    const slide = (n: number) => carrusel.getByRole('group', { name: `${n} de 6` });
    /**
     * The slide at the carousel's left edge once the scrolling has settled on it; 0 while the
     * carousel is between slides.
     */
    const firstShown = () =>
      carrusel.evaluate((region) => {
        const left = region.getBoundingClientRect().left;
        const slides = Array.from(region.querySelectorAll('[aria-roledescription="diapositiva"]'));
        // Each slide starts with a 12 px gutter that the track hides on the left.
        const settled = slides.findIndex(
          (s) => Math.abs(s.getBoundingClientRect().left + 12 - left) < 2,
        );
        return settled + 1;
      });
    await expect(slide(1)).toBeInViewport();
    await expect.poll(firstShown, { timeout: 6_000 }).toBeGreaterThan(1);

    // With the focus inside it holds for longer than its period (once a glide that had
    // already started has ended), and the arrows move one product each way; past the last,
    // 'Siguiente' goes back to the first. (Focus, not the pointer: other journeys add stores
    // meanwhile, and the grid may move the card from under a pointer.)
    const anterior = carrusel.getByRole('button', { name: 'Anterior' });
    const siguienteBoton = carrusel.getByRole('button', { name: 'Siguiente' });
    await siguienteBoton.focus();
    await page.waitForTimeout(1_000);
    const held = await firstShown();
    expect(held).toBeGreaterThan(0);
    await page.waitForTimeout(3_000);
    expect(await firstShown()).toBe(held);

    const siguiente = held === 5 ? 1 : held + 1;
    await siguienteBoton.click();
    await expect.poll(firstShown).toBe(siguiente);
    await anterior.click();
    await expect.poll(firstShown).toBe(siguiente === 1 ? 5 : held);
    await page.keyboard.press('ArrowRight');
    await expect.poll(firstShown).toBe(siguiente);
  });

  test('search and category filter narrow the list; an impossible search says so', async ({
    page,
  }) => {
    await openListing(page);

    // Only the demo almacén sells yerba among the demo stores.
    await search(page).fill('yerba');
    const sinYerba = DEMO_EN_PALERMO.filter((nombre) => nombre !== 'Almacén Don Ramón');
    await expectListed(page, ['Almacén Don Ramón'], sinYerba);

    await search(page).fill('');
    await expectListed(page, DEMO_EN_PALERMO);
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Panadería' }).click();
    const otrasCategorias = DEMO_EN_PALERMO.filter((nombre) => nombre !== 'Panadería La Espiga');
    await expectListed(page, ['Panadería La Espiga'], otrasCategorias);

    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Todas las categorías' }).click();
    await expectListed(page, DEMO_EN_PALERMO);

    await search(page).fill('producto que no existe en ninguna tienda');
    await expect(page.getByRole('heading', { name: 'No se encontraron tiendas' })).toBeVisible();
    await expect(page.getByText(/cambia la categoría/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar ubicación' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expectListed(page, DEMO_EN_PALERMO);
    await expect(search(page)).toHaveValue('');
  });

  test('a card opens its store page', async ({ page }) => {
    await openListing(page);
    // Anywhere on the card (here, its description), not only its title.
    await card(page, 'Almacén Don Ramón').click({ position: { x: 160, y: 100 } });
    await expect(page).toHaveURL(/\/store\/a10000000000000000000001$/);

    await page.goBack();
    await expectListed(page, DEMO_EN_PALERMO);
    await card(page, 'Panadería La Espiga')
      .getByRole('link', { name: 'Panadería La Espiga' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/store\/a10000000000000000000004$/);
  });

  test('the picker moves the marketplace to Córdoba', async ({ page }) => {
    await openListing(page);
    await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
    const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
    await expect(picker).toBeVisible();

    // The Leaflet map: 400 px high, with its marker, even without tiles (no network here).
    const map = picker.locator('.leaflet-container');
    await expect(map).toBeVisible();
    await expect.poll(async () => Math.round((await map.boundingBox())?.height ?? 0)).toBe(400);
    await expect(picker.getByRole('button', { name: 'Marcador de la ubicación' })).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toHaveCount(0);

    // Clicking the map moves the marker and reverse-geocodes the point.
    const box = await map.boundingBox();
    if (!box) throw new Error('El mapa no tiene caja');
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30);
    const summary = picker.getByRole('region', { name: 'Ubicación seleccionada' });
    await expect(summary.getByText('Ciudad Autónoma de Buenos Aires')).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toBeVisible();

    // Dragging the marker moves the point too, and its address follows.
    const coordinates = summary.getByText(/^Lat -34\.\d{4}, Lng -58\.\d{4}$/);
    const afterClick = await coordinates.textContent();
    const marker = picker.getByRole('button', { name: 'Marcador de la ubicación' });
    const pin = await marker.boundingBox();
    if (!pin) throw new Error('El marcador no tiene caja');
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 - 80, pin.y + pin.height / 2 - 60, { steps: 8 });
    await page.mouse.up();
    await expect(coordinates).not.toHaveText(afterClick ?? '');
    await expect(summary.getByText('Ciudad Autónoma de Buenos Aires')).toBeVisible();

    const address = picker.getByPlaceholder('Buscar dirección…');
    await address.fill('córdoba');
    await address.press('Enter');
    await expect(picker).toBeVisible();
    await picker.getByRole('option', { name: 'Córdoba, Córdoba' }).click();
    await expect(summary.getByText('Lat -31.4135, Lng -64.1810')).toBeVisible();
    await picker.getByRole('button', { name: 'Confirmar ubicación' }).click();

    await expect(picker).toHaveCount(0);
    await expectListed(page, ['Almacén Serrano'], DEMO_EN_PALERMO);
    await expect(page.getByText('Lat -31.4135, Lng -64.1810')).toBeVisible();

    // The choice is kept: a reload stays in Córdoba without asking the GPS.
    await page.reload();
    await expectListed(page, ['Almacén Serrano'], DEMO_EN_PALERMO);
  });

  test('below 768 px the picker is a bottom drawer with its actions in reach', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openListing(page);
    await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
    const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
    await expect(picker).toHaveAttribute('data-slot', 'drawer-content');
    await picker.getByPlaceholder('Buscar dirección…').fill('córdoba');
    await picker.getByRole('option', { name: 'Córdoba, Córdoba' }).click();
    await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toBeInViewport();
    await picker.getByRole('button', { name: 'Confirmar ubicación' }).click();
    await expect(card(page, 'Almacén Serrano')).toBeVisible();
  });
});

test.describe('marketplace without location permission', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('explains that location access was denied and offers to retry or pick on the map', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(toast(page, 'Error de ubicación')).toBeVisible();
    await expect(toast(page, 'Error de ubicación').getByText(DENEGADA)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No se encontraron tiendas' })).toBeVisible();
    await expect(page.getByText('Sin ubicación')).toBeVisible();

    // Retrying still fails without the permission: a new toast replaces the first one.
    await page.getByRole('button', { name: 'Reintentar ubicación' }).click();
    const current = page
      .locator('[data-sonner-toast]:not([data-removed="true"])')
      .filter({ hasText: DENEGADA });
    await expect(current).toHaveCount(1);
    await expect(current).toBeVisible();

    // …but a point chosen on the map works.
    await page.getByRole('button', { name: 'Elegir en el mapa' }).click();
    const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
    await picker.getByPlaceholder('Buscar dirección…').fill('palermo');
    await picker.getByRole('option').first().click();
    await picker.getByRole('button', { name: 'Confirmar ubicación' }).click();
    await expect(page.getByText(/\d+ tiendas? encontradas?/)).toBeVisible();
  });
});
