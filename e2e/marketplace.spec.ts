import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toast } from './helpers';

/** Palermo, Buenos Aires: the demo marketplace lists 8 stores around it. */
const PALERMO = { latitude: -34.5889, longitude: -58.4108 };

const DENEGADA =
  'Acceso a la ubicación denegado. Para ver tiendas cercanas, habilita la ubicación en tu navegador (ícono de ubicación en la barra de direcciones) y recarga la página.';

function card(page: Page, nombre: string) {
  return page.getByRole('article', { name: nombre });
}

function search(page: Page) {
  return page.getByPlaceholder('Buscar tiendas o productos...');
}

async function openListing(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' })).toBeVisible();
  await expect(page.getByText('8 tiendas encontradas')).toBeVisible();
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
    expect(await page.evaluate(() => localStorage.getItem('marketplaceLocation'))).toBe(
      JSON.stringify({ lat: -34.5889, lng: -58.4108 }),
    );
    await expect(page.getByRole('article')).toHaveCount(8);

    const almacen = card(page, 'Almacén Don Ramón');
    await expect(almacen.getByRole('link', { name: 'Ver todos los productos (8)' })).toBeVisible();
    await expect(almacen.getByText('+1 más')).toBeVisible();
    await expect(
      almacen.getByRole('region', { name: 'Productos de Almacén Don Ramón' }).getByRole('group'),
    ).toHaveCount(6);
    await expect(almacen.getByText(/\$\s4\.890,00/)).toBeVisible();
    await expect(
      card(page, 'Tecno Barrio').getByText('Esta tienda aún no tiene productos'),
    ).toBeVisible();
    // The 2 km bakery reaches Palermo; a disabled store and the one in Córdoba are not listed.
    await expect(card(page, 'Panadería La Espiga')).toBeVisible();
    await expect(card(page, 'Dietética Natural')).toHaveCount(0);
    await expect(card(page, 'Almacén Serrano')).toHaveCount(0);
  });

  test('search and category filter narrow the list; an impossible search says so', async ({
    page,
  }) => {
    await openListing(page);

    await search(page).fill('yerba');
    await expect(page.getByText('1 tienda encontrada')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Almacén Don Ramón')).toBeVisible();

    await search(page).fill('');
    await expect(page.getByText('8 tiendas encontradas')).toBeVisible();
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Panadería' }).click();
    await expect(page.getByText('1 tienda encontrada')).toBeVisible();
    await expect(card(page, 'Panadería La Espiga')).toBeVisible();

    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Todas las categorías' }).click();
    await expect(page.getByText('8 tiendas encontradas')).toBeVisible();

    await search(page).fill('producto que no existe en ninguna tienda');
    await expect(page.getByRole('heading', { name: 'No se encontraron tiendas' })).toBeVisible();
    await expect(page.getByText(/cambia la categoría/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar ubicación' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page.getByText('8 tiendas encontradas')).toBeVisible();
    await expect(search(page)).toHaveValue('');
  });

  test('a card opens its store page', async ({ page }) => {
    await openListing(page);
    // Anywhere on the card (here, its description), not only its title.
    await card(page, 'Almacén Don Ramón').click({ position: { x: 160, y: 100 } });
    await expect(page).toHaveURL(/\/store\/a10000000000000000000001$/);

    await page.goBack();
    await expect(page.getByText('8 tiendas encontradas')).toBeVisible();
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
    await expect(page.getByText('1 tienda encontrada')).toBeVisible();
    await expect(card(page, 'Almacén Serrano')).toBeVisible();
    await expect(page.getByText('Lat -31.4135, Lng -64.1810')).toBeVisible();

    // The choice is kept: a reload stays in Córdoba without asking the GPS.
    await page.reload();
    await expect(card(page, 'Almacén Serrano')).toBeVisible();
    await expect(page.getByText('1 tienda encontrada')).toBeVisible();
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
