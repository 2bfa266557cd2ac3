import type { Locator, Page } from '@playwright/test';
import { expectSinViolaciones } from './axe';
import { emailUnico, expect, test } from './fixtures';
import { logIn, revisarPaquete, toast } from './helpers';

/**
 * Addresses people deliver to (issue 24) at 375 px, with the embedded geocoder (it knows
 * barrios and localities, not streets): an address typed by hand with its street and number
 * gets its point on the map and a shipping quote; the register dialog's address, saved without
 * a point, is completed in checkout and then quoted. The seller, product and shoppers are the
 * test's own.
 */

test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });

/** Taps the picker's map off its centre and confirms the point once it has its address. */
async function marcarEnElMapa(page: Page, picker: Locator) {
  const mapa = picker.locator('.leaflet-container');
  await expect(mapa).toBeVisible();
  const caja = await mapa.boundingBox();
  if (!caja) throw new Error('El mapa no tiene caja');
  await page.mouse.click(caja.x + caja.width / 2 + 30, caja.y + caja.height / 2 + 20);
  const confirmar = picker.getByRole('button', { name: 'Confirmar ubicación' });
  await expect(confirmar).toBeEnabled();
  await confirmar.click();
  await expect(picker).toHaveCount(0);
}

/** From step 2 with the address chosen, through phone and package, to step 5's quote. */
async function hastaLaCotizacion(page: Page) {
  const continuar = page.getByRole('button', { name: /^Continuar/ });
  await continuar.click();
  await page.getByRole('button', { name: 'Confirmar teléfono' }).click();
  await continuar.click();
  await revisarPaquete(page);
  await continuar.click();
  await expect(page.getByText('Paso 5 de 6')).toBeVisible();
  const metodos = page.getByRole('group', { name: /^Método de envío de / });
  await expect(metodos).toHaveCount(1);
  await expect(metodos.getByRole('radio').first()).toBeVisible();
  await expect(page.getByText('No se pudo obtener la cotización de envío')).toHaveCount(0);
}

async function alCheckout(page: Page, productoId: string) {
  await page.evaluate(
    (id) =>
      localStorage.setItem('carrito', JSON.stringify([{ productoId: id, cantidadSolicitada: 1 }])),
    productoId,
  );
  await page.goto('/checkout');
  await page.getByText('Acepto los términos y condiciones de la compra grupal').click();
  await page.getByRole('button', { name: /^Continuar/ }).click();
}

test.describe('addresses people deliver to', () => {
  test('an address typed with street and number gets its point and a quote', async ({
    page,
    api,
    vendedor,
    comprador,
  }) => {
    test.setTimeout(90_000);
    const producto = await api.nuevoProducto(vendedor);
    await logIn(page, comprador);
    await alCheckout(page, producto._id);

    // No saved address: the form asks for the door, typed by hand.
    await page.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(page.getByText('La calle es obligatoria')).toBeVisible();
    await page.getByLabel('Calle').fill('Av. Corrientes');
    await page.getByLabel('Altura').fill('1234');
    await page.getByLabel('Piso/Depto').fill('4° B');
    await page.getByLabel('Localidad').fill('Palermo');
    await page.getByLabel('Provincia').fill('CABA');
    await page.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(toast(page, 'Ubicación requerida')).toBeVisible();
    await expectSinViolaciones(page);

    // The embedded geocoder knows no streets: the person places the pin, the typed door stays.
    await expect(page.getByText(/El mapa se abre en la localidad que escribiste/)).toBeVisible();
    await page.getByRole('button', { name: 'Marcar en el mapa' }).click();
    await marcarEnElMapa(page, page.getByRole('dialog', { name: 'Dirección de envío' }));
    await expect(page.getByText('Ubicación marcada en el mapa')).toBeVisible();
    await expect(page.getByLabel('Calle')).toHaveValue('Av. Corrientes');
    await expect(page.getByLabel('Altura')).toHaveValue('1234');
    await expect(page.getByLabel('Localidad')).toHaveValue('Palermo');

    await page.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(toast(page, 'Dirección agregada')).toBeVisible();
    const guardada = page.getByRole('radio', { name: /Av\. Corrientes 1234, Depto 4° B/ });
    await expect(guardada).toBeChecked();
    await hastaLaCotizacion(page);
  });

  test("the register dialog's address is completed with its point in checkout, then quoted", async ({
    page,
    api,
    vendedor,
  }) => {
    test.setTimeout(90_000);
    const producto = await api.nuevoProducto(vendedor);
    const grupoId = await api.grupoAbierto(vendedor, producto._id);
    const email = emailUnico('dialogo');

    // Register through the login dialog, with its address (no point on the map there).
    await page.goto(`/group/${grupoId}`);
    await page.getByRole('button', { name: 'Unirse al Grupo' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Inicia sesión para continuar' });
    await dialogo.getByRole('tab', { name: 'Registrarse' }).click();
    await dialogo.getByLabel('Nombre completo').fill('Ana Dirección');
    await dialogo.getByLabel('Email', { exact: true }).fill(email);
    await dialogo.getByLabel('Teléfono').fill('+54 11 5555-1234');
    await dialogo.getByLabel('Contraseña', { exact: true }).fill('secreta123');
    await dialogo.getByLabel('Confirmar contraseña').fill('secreta123');
    await dialogo.getByLabel('Calle').fill('Av. Santa Fe');
    await dialogo.getByLabel('Altura').fill('3253');
    await dialogo.getByLabel('Piso/Depto').fill('2° A');
    await dialogo.getByLabel('Localidad').fill('Palermo');
    await dialogo.getByLabel('Provincia').fill('CABA');
    await dialogo.getByLabel('Código postal').fill('C1425');
    await expectSinViolaciones(page);
    await dialogo.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toast(page, '¡Cuenta creada!')).toBeVisible({ timeout: 30_000 });
    await dialogo.getByLabel('Contraseña', { exact: true }).fill('secreta123');
    await dialogo.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(toast(page, '¡Bienvenido!')).toBeVisible({ timeout: 30_000 });
    await expect(dialogo).toHaveCount(0);

    // Checkout shows the address with what it lacks, and places the point in place.
    await alCheckout(page, producto._id);
    const guardada = page.getByRole('radio', { name: /Av\. Santa Fe 3253, Depto 2° A/ });
    await expect(guardada).toBeVisible();
    const aviso = page.getByText('Falta marcar esta dirección en el mapa');
    await expect(aviso).toBeVisible();
    await expectSinViolaciones(page);
    await page.getByRole('button', { name: 'Marcar en el mapa' }).click();
    await marcarEnElMapa(page, page.getByRole('dialog', { name: 'Marca tu dirección en el mapa' }));
    await expect(toast(page, 'Ubicación guardada')).toBeVisible();
    await expect(aviso).toHaveCount(0);
    await expect(guardada).toBeChecked();
    await hastaLaCotizacion(page);
  });
});
