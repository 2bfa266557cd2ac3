import { expect, test } from './fixtures';

/**
 * The location as a place, with no network at all (how the tests run): the bar names the
 * barrio beside the spec's coordinates, the picker draws a plan when the map tiles fail, and
 * its summary names the place under the marker, with the postal code where the data has it.
 */
const PALERMO = { latitude: -34.5889, longitude: -58.4108 };

for (const width of [375, 1280]) {
  test.describe(`location at ${width} px, offline`, () => {
    test.use({
      viewport: { width, height: width < 768 ? 812 : 860 },
      geolocation: PALERMO,
      permissions: ['geolocation'],
    });

    test('the bar names the place; the picker draws a plan and its summary follows the marker', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByText('Palermo, Ciudad Autónoma de Buenos Aires')).toBeVisible();
      await expect(page.getByText(/Lat -34\.5889,\s*Lng -58\.4108/).first()).toBeVisible();

      await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
      const picker = page.getByRole('dialog', { name: 'Elige tu ubicación' });
      await expect(picker.getByText(/No pudimos cargar el mapa/)).toBeVisible({ timeout: 15_000 });
      await expect(picker.locator('canvas[data-slot="mapa-dibujado"]')).toBeVisible();

      // The summary describes the marker the picker opens on.
      const summary = picker.getByRole('region', { name: 'Ubicación seleccionada' });
      await expect(summary.getByText('Cerca de Palermo')).toBeVisible();
      await expect(summary.getByText('1425')).toBeVisible();

      // Keyboard: the focused marker moves with the arrow keys, and the summary follows it.
      const marker = picker.getByRole('button', { name: 'Marcador de la ubicación' });
      // Six long steps east reach Recoleta; on a loaded machine a press may land while the
      // marker is drawn anew, so it presses on until the summary says so.
      await marker.focus();
      for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowRight');
      await expect(async () => {
        const dice = summary.getByText(/^Lat -34\.5889, Lng -58\.3\d{3}$/);
        if (!(await dice.isVisible())) {
          await marker.focus();
          await page.keyboard.press('Shift+ArrowRight');
        }
        await expect(dice).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(summary.getByText('Cerca de Recoleta')).toBeVisible();
      await expect(picker.getByRole('button', { name: 'Confirmar ubicación' })).toBeVisible();

      // The gazetteer knows places, not streets, and says so.
      const address = picker.getByPlaceholder('Buscar dirección…');
      await address.fill('Avenida Santa Fe 1234');
      await expect(
        picker.getByText(/Busca tu barrio o localidad, y marca el punto exacto en el mapa/),
      ).toBeVisible();

      // A locality fills its postal code.
      await address.fill('la plata');
      await picker.getByRole('option', { name: 'La Plata, Buenos Aires' }).click();
      await expect(summary.getByText('1900')).toBeVisible();

      // Clicking the drawn plan still moves the marker.
      const map = picker.locator('.leaflet-container');
      const box = await map.boundingBox();
      if (!box) throw new Error('El mapa no tiene caja');
      const before = await summary.getByText(/^Lat /).textContent();
      await page.mouse.click(box.x + box.width / 2 + 60, box.y + 60);
      await expect(summary.getByText(/^Lat /)).not.toHaveText(before ?? '');
      await expect(summary.getByText('Buenos Aires', { exact: true })).toBeVisible();
    });
  });
}
