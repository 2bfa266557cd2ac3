import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { conHidratacion, expect, test } from './fixtures';
import { admin, cambiarTamanio, logIn, type Tamanio, toast } from './helpers';

/**
 * Seller onboarding (issue 11), the whole journey in the built app on its embedded defaults:
 * a new user opens a store through the nine steps of 'Configurar Tienda', links Mercado Pago
 * on the sandbox's consent page, waits for review; the product team enables the store and the
 * seller's open Mi Tienda turns into the panel without a reload; the seller edits the store
 * and its categories. The cancelled consent lands on the error branch.
 *
 * The journey walks once, on a phone, where those dialogs are bottom drawers; the two that only
 * this journey fills (the address details and the categories) are also used as the desktop's
 * modal dialogs, by resizing the window in place.
 */

const TELEFONO: Tamanio = { width: 375, height: 740 };
const ESCRITORIO: Tamanio = { width: 1280, height: 800 };

/** A real picture, made for the test (the logo goes through the browser's and the server's image rules). */
function logoPng() {
  return sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 37, g: 99, b: 235 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="480"><circle cx="320" cy="240" r="150" fill="#fbbf24"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

async function siguiente(page: Page) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

/** Steps 1 to 9 of 'Configurar Tienda', with the blocked-step toast on the way. */
async function crearTiendaConElAsistente(page: Page, nombre: string) {
  await page.goto('/my-store');
  await expect(page.getByText('Crear Tu Tienda')).toBeVisible();
  await page.getByRole('button', { name: 'Comenzar' }).click();

  const asistente = page.getByRole('dialog', { name: 'Configurar Tienda' });
  await expect(asistente.getByText('Paso 1 de 9')).toBeVisible();
  await siguiente(page);
  await expect(toast(page, 'Campo requerido')).toBeVisible();
  await expect(
    toast(page, 'Campo requerido').getByText('Por favor completa este campo antes de continuar'),
  ).toBeVisible();

  await asistente.getByRole('textbox', { name: 'Nombre de la tienda' }).fill(nombre);
  await siguiente(page);
  await expect(asistente.getByText('Paso 2 de 9')).toBeVisible();
  await asistente
    .getByRole('textbox', { name: 'Descripción' })
    .fill('Verduras de estación, directo de la quinta.');
  await siguiente(page);
  await asistente.getByRole('textbox', { name: 'Teléfono de contacto' }).fill('+54 11 5555-2020');
  await siguiente(page);
  await asistente
    .getByRole('textbox', { name: 'Email de contacto' })
    .fill('ventas@verduleria-e2e.com.ar');
  await siguiente(page);
  await asistente
    .getByRole('textbox', { name: 'Razón social' })
    .fill('Verdulería del Barrio S.R.L.');
  await siguiente(page);

  await expect(asistente.getByText('Paso 6 de 9')).toBeVisible();
  const categoria = asistente.getByRole('combobox', { name: 'Categoría' });
  await categoria.fill('zzzz');
  await expect(asistente.getByText('No se encontró ninguna categoría.')).toBeVisible();
  await categoria.fill('verdu');
  await asistente.getByRole('option', { name: 'Verdulería' }).click();
  await siguiente(page);

  await expect(asistente.getByText('Paso 7 de 9')).toBeVisible();
  await asistente.getByRole('button', { name: /Elegir ubicación en el mapa/ }).click();
  const mapa = page.getByRole('dialog', { name: 'Ubicación de tu tienda' });
  const buscar = mapa.getByPlaceholder('Buscar dirección…');
  await buscar.fill('la plata');
  await mapa.getByRole('option', { name: 'La Plata, Buenos Aires' }).click();
  await mapa.getByRole('button', { name: 'Confirmar ubicación' }).click();
  const detalles = page.getByRole('dialog').filter({ hasText: 'Volver al mapa' });
  // The gazetteer knows the locality, not the door: the street and number are typed.
  await expect(detalles.getByLabel('Localidad')).toHaveValue('La Plata');
  await detalles.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(detalles.getByText('La calle es obligatoria')).toBeVisible();
  // On a desktop the drawer is a modal dialog, with what was typed and its error; it is filled
  // and confirmed there.
  await cambiarTamanio(page, ESCRITORIO);
  await expect(detalles.getByLabel('Localidad')).toHaveValue('La Plata');
  await expect(detalles.getByText('La calle es obligatoria')).toBeVisible();
  await detalles.getByLabel('Calle').fill('Calle 7');
  await detalles.getByLabel('Altura').fill('1234');
  await detalles.getByLabel(/Departamento/).fill('Local 2');
  await detalles.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(asistente.getByText('Calle 7 1234')).toBeVisible();
  await cambiarTamanio(page, TELEFONO);
  await expect(asistente.getByText('Calle 7 1234')).toBeVisible();
  await expect(asistente.getByText('La Plata').first()).toBeVisible();
  await expect(asistente.getByText('1900')).toBeVisible();
  await siguiente(page);

  await expect(asistente.getByText('Paso 8 de 9')).toBeVisible();
  await asistente.getByText('Zona cercana').click();
  await expect(asistente.getByRole('radio', { name: /Zona cercana/ })).toBeChecked();
  await siguiente(page);

  await expect(asistente.getByText('Paso 9 de 9')).toBeVisible();
  await expect(asistente.getByText('100%')).toBeVisible();
  await asistente.getByRole('button', { name: 'Crear Tienda' }).click();
  await expect(
    toast(page, 'Campo requerido').getByText(
      'Por favor sube el logo de tu tienda antes de continuar',
    ),
  ).toBeVisible();
  await asistente
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo-verduleria.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(asistente.getByText(/logo-verduleria/)).toBeVisible();
  await asistente.getByRole('button', { name: 'Crear Tienda' }).click();
  await expect(asistente.getByRole('button', { name: 'Tienda creada' })).toBeVisible();
  await expect(toast(page, 'Tienda creada exitosamente')).toBeVisible();
  await expect(asistente).toBeHidden();
}

/** Opens the sandbox's consent page from the link screen. */
async function irAlConsentimiento(page: Page) {
  await expect(page.getByRole('button', { name: 'Vincular Mercado Pago' })).toBeVisible();
  await page.getByRole('button', { name: 'Vincular Mercado Pago' }).click();
  await expect(page.getByText('Modo de prueba').first()).toBeVisible();
}

async function habilitarComoAdmin(browser: Browser, nombre: string) {
  const context = await browser.newContext();
  const page = conHidratacion(await context.newPage());
  try {
    await logIn(page, admin);
    await page.goto('/admin/tiendas');
    const tarjeta = page.getByRole('article').filter({ hasText: nombre });
    await expect(tarjeta).toBeVisible();
    await tarjeta.getByRole('button', { name: 'Habilitar' }).click();
    await expect(page.getByRole('article').filter({ hasText: nombre })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

test.describe('seller onboarding at 375 px, its address and categories dialogs also at 1280 px', () => {
  test.use({ viewport: TELEFONO });

  test('a new seller opens a store, links Mercado Pago, is enabled live and edits the store', async ({
    page,
    browser,
    sufijo,
    comprador,
  }) => {
    const nombre = `Verdulería ${sufijo}`;
    await logIn(page, comprador);
    await crearTiendaConElAsistente(page, nombre);

    await irAlConsentimiento(page);
    await page.getByRole('button', { name: 'Autorizar' }).click();
    await expect(page).toHaveURL(/\/mercadopago-callback\?/);
    await expect(
      page.getByText('Tu cuenta de Mercado Pago ha sido vinculada exitosamente'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/my-store$/);
    await expect(page.getByText('Tienda en proceso de verificación')).toBeVisible();

    // The product team enables it in another browser; this page changes without a reload.
    await page.evaluate(() => {
      (window as unknown as { sinRecargar: boolean }).sinRecargar = true;
    });
    await habilitarComoAdmin(browser, nombre);
    await expect(page.getByText('¡Tu tienda está activa!')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar),
    ).toBe(true);

    // Editar Tienda.
    await page.getByRole('button', { name: /Editar Tienda/ }).click();
    const descripcion = page.getByLabel('Descripción');
    await expect(descripcion).toHaveValue('Verduras de estación, directo de la quinta.');
    await descripcion.fill('Verduras y frutas de estación, directo de la quinta.');
    await page.getByRole('button', { name: 'Actualizar Tienda' }).click();
    await expect(toast(page, 'Tienda actualizada correctamente')).toBeVisible();

    // Configurar Categorías.
    await page.goto('/my-store');
    await page.getByRole('button', { name: /Configurar Categorías/ }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByRole('textbox').last().fill('Ofertas de la semana');
    await dialogo.getByRole('button', { name: /Agregar/ }).click();
    await dialogo.getByRole('button', { name: /Guardar/ }).click();
    await expect(toast(page, 'Categorías actualizadas correctamente')).toBeVisible();
    await expect(dialogo).toBeHidden();

    // And in the desktop's modal dialog, which lists the category saved.
    await cambiarTamanio(page, ESCRITORIO);
    await page.getByRole('button', { name: /Configurar Categorías/ }).click();
    await expect(
      dialogo.getByRole('listitem').filter({ hasText: 'Ofertas de la semana' }),
    ).toBeVisible();
    await dialogo.getByRole('textbox').last().fill('Frutas de temporada');
    await dialogo.getByRole('button', { name: /Agregar/ }).click();
    await dialogo.getByRole('button', { name: /Guardar/ }).click();
    // Saved, it closes; opened again it lists both (the toast may still be the first one's,
    // or gone already on a loaded machine: what was saved is what proves it).
    await expect(dialogo).toBeHidden();
    await page.getByRole('button', { name: /Configurar Categorías/ }).click();
    for (const nombre of ['Ofertas de la semana', 'Frutas de temporada']) {
      await expect(dialogo.getByRole('listitem').filter({ hasText: nombre })).toBeVisible();
    }
  });
});

test.describe('seller onboarding: consent cancelled', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('cancelling on the consent page shows the error and goes back to Mi Tienda', async ({
    page,
    api,
  }) => {
    // A user with a store (through the API), not yet linked: ready for the link screen.
    const vendedor = await api.nuevoVendedor({ mercadoPago: false, habilitada: false });
    await logIn(page, vendedor.credenciales);
    await page.goto('/my-store');
    await irAlConsentimiento(page);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Error en la vinculación')).toBeVisible();
    await expect(page).toHaveURL(/\/my-store$/);
    await expect(page.getByRole('button', { name: 'Vincular Mercado Pago' })).toBeVisible();
  });
});
