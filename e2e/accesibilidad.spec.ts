import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expectSinViolaciones as expectNoViolations,
  expectSinViolacionesEnAmbosAnchos as expectNoViolationsAtBothWidths,
} from './axe';
import { estarEn, expect, test } from './fixtures';
import { admin, logIn, repartidor, revisarPaquete, toast } from './helpers';

/**
 * axe finds nothing critical, serious or moderate on the app's screens, at the phone and desktop
 * widths the screens were designed for: every WCAG 2.1 A/AA rule, the best practices (landmarks,
 * headings) and the experimental check that a control's name holds the text it shows. Motion is
 * reduced so that no element is caught halfway through its entrance animation.
 */

/** Hovers the control and waits until its colours stop changing (the end of its transition). */
async function hoverHastaQueSeAsiente(control: Locator) {
  await control.hover();
  let antes = '';
  await expect
    .poll(async () => {
      const ahora = await control.evaluate((el) => {
        const estilo = getComputedStyle(el);
        return `${estilo.backgroundColor} ${estilo.color}`;
      });
      const asentado = ahora === antes;
      antes = ahora;
      return asentado;
    })
    .toBe(true);
}

/** A picture made for the test (the image steps go through the browser's image rule). */
function fotoPng() {
  return sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 83, b: 9 } },
  })
    .png()
    .toBuffer();
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

// A hang guard, not a budget: the wizard journeys run axe on twenty screens, each a few seconds on
// a busy machine.
test.describe.configure({ timeout: 300_000 });

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

// Each journey makes its data and walks once, at the phone width (the narrower, harder layout);
// every screen on the way is checked there and at the desktop width (1280 px), resized in place.
test.describe('accessibility at 375 and 1280 px', () => {
  test.use({
    viewport: { width: 375, height: 860 },
    reducedMotion: 'reduce',
  });

  test('the marketplace and the location picker, logged out and offline', async ({
    page,
    context,
    api,
    vendedor,
    ubicacion,
  }) => {
    // A store of this test's own, with a product, where the browser finds itself.
    await api.nuevoProducto(vendedor);
    await estarEn(context, ubicacion);
    await page.goto('/');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('article', { name: vendedor.tiendaNombre })],
    });

    await page.getByRole('button', { name: 'Cambiar ubicación' }).click();
    const picker = page.getByRole('dialog');
    // The tests run with no network: the map says so and still places the marker.
    await expect(picker.getByText(/No pudimos cargar el mapa/)).toBeVisible({ timeout: 15_000 });
    await expect(picker.locator('.leaflet-marker-icon')).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [
        picker.getByText(/No pudimos cargar el mapa/),
        picker.locator('.leaflet-marker-icon'),
      ],
    });
  });

  test('login and register', async ({ page }) => {
    await page.goto('/login');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('tab', { name: 'Iniciar Sesión' })],
    });
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByLabel('Confirmar contraseña', { exact: true })],
    });
  });

  test('a store, a product and the cart, logged in', async ({
    page,
    context,
    api,
    sufijo,
    comprador,
    ubicacion,
  }) => {
    const vendedor = await api.nuevoVendedor({ categorias: ['Infusiones'] });
    const yerba = await api.nuevoProducto(vendedor, {
      nombre: `Yerba mate 1 kg ${sufijo}`,
      categorias: ['Infusiones'],
    });
    await api.nuevaDireccion(comprador);
    await estarEn(context, ubicacion);
    await logIn(page, comprador);
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('article', { name: vendedor.tiendaNombre })],
    });

    await page.goto(`/store/${vendedor.tiendaId}`);
    await expectNoViolationsAtBothWidths(page, { muestra: [heading(page, vendedor.tiendaNombre)] });

    await page
      .getByRole('region', { name: 'Infusiones', exact: true })
      .getByRole('link', { name: yerba.nombre })
      .click();
    await expectNoViolationsAtBothWidths(page, { muestra: [heading(page, yerba.nombre)] });

    await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
    // The floating cart button shows on the store page once the cart holds something.
    await page.goto(`/store/${vendedor.tiendaId}`);
    await expect(heading(page, vendedor.tiendaNombre)).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('link', { name: 'Ver carrito 1 producto' })],
    });

    await page.goto('/cart');
    await expect(page.locator('[data-slot="carrito-linea"]')).toHaveCount(1);
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('link', { name: yerba.nombre })],
    });

    // The checkout's first four steps: terms, address, phone and package.
    await page.goto('/checkout');
    const continuar = page.getByRole('button', { name: /^Continuar/ });
    const terminos = page.getByText('Acepto los términos y condiciones de la compra grupal');
    await expectNoViolationsAtBothWidths(page, { muestra: [terminos] });
    await terminos.click();
    await continuar.click();
    await page.getByText('Av. Argentina 200').click();
    await expectNoViolationsAtBothWidths(page, { muestra: [page.getByText('Av. Argentina 200')] });
    await continuar.click();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('button', { name: 'Confirmar teléfono' })],
    });
    await page.getByRole('button', { name: 'Confirmar teléfono' }).click();
    await continuar.click();
    await expectNoViolationsAtBothWidths(page, { muestra: [page.getByLabel(/Peso/)] });
    await revisarPaquete(page);
    await continuar.click();
    // The shipping options, once the store's quote answers, and the summary.
    const metodo = page.getByRole('group', { name: /^Método de envío de / });
    await expectNoViolationsAtBothWidths(page, { muestra: [metodo.getByRole('radio').first()] });
    await metodo.getByRole('radio').first().check();
    await continuar.click();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('button', { name: 'Ir a pagar' })],
    });
    // The order made, each store's payment.
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page).toHaveURL(/\/multi-payment-checkout\?pedidoId=/);
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('button', { name: /^Pagar / })],
    });
  });

  test('the empty cart and a page that does not exist', async ({ page, comprador }) => {
    await logIn(page, comprador);
    await page.goto('/cart');
    await expectNoViolationsAtBothWidths(page, { muestra: [heading(page, 'Carrito')] });
    await page.goto('/no-existe');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('heading', { level: 1 })],
    });
  });

  test('a group, my orders, my payments and a payment detail', async ({
    page,
    context,
    api,
    vendedor,
    comprador,
    ubicacion,
  }) => {
    const producto = await api.nuevoProducto(vendedor);
    const pedidoId = await api.pagarLugares(comprador, {
      productoId: producto._id,
      tiendaId: vendedor.tiendaId,
    });
    const grupoId = await api.grupoAbierto(vendedor, producto._id);
    await estarEn(context, ubicacion);
    await logIn(page, comprador);

    await page.goto(`/group/${grupoId}`);
    await expect(heading(page, 'Detalle del Grupo')).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByText(producto.nombre).first()],
    });

    await page.goto('/my-orders');
    await expect(heading(page, 'Mis Pedidos')).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByText(producto.nombre).first()],
    });

    await page.goto('/my-payments');
    await expect(heading(page, 'Mis Pagos')).toBeVisible();
    const numero = new RegExp(`Pedido #${pedidoId.slice(-6)}`, 'i');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('article', { name: numero })],
    });

    await page.goto(`/payment-detail/${pedidoId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolationsAtBothWidths(page, { muestra: [page.getByText(numero).first()] });
  });

  test("the seller's store, its groups and its products", async ({
    page,
    context,
    api,
    vendedor,
    comprador,
    ubicacion,
  }) => {
    // An open group with a participant and a completed one: the panel draws each state.
    const producto = await api.nuevoProducto(vendedor);
    await api.pagarLugares(comprador, {
      productoId: producto._id,
      tiendaId: vendedor.tiendaId,
    });
    // A product without stock wears the destructive badge in Mis Productos.
    await api.nuevoProducto(vendedor, { stock: 0 });
    const completo = await api.nuevoProducto(vendedor, { lugares: 1 });
    await api.pagarLugares(comprador, { productoId: completo._id, tiendaId: vendedor.tiendaId });
    await estarEn(context, ubicacion);
    await logIn(page, vendedor.credenciales);

    await page.goto('/my-store');
    await expect(heading(page, '¡Tu tienda está activa!')).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByText(vendedor.tiendaNombre)],
    });

    await page.goto('/my-store?seccion=grupos');
    // The completed group's product opens a new, empty one; so does the one without stock.
    await expect(page.locator('[data-slot="grupo-card"]')).toHaveCount(4);
    await expect(page.locator('[data-slot="participante"]')).toHaveCount(2);
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.locator('[data-slot="participante"]').first()],
    });

    // Estadísticas: its cards, charts (each with its table) and best products.
    await page.goto('/my-store?seccion=estadisticas');
    await expect(page.getByRole('row').filter({ hasText: producto.nombre })).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('region', { name: 'Ventas por día' })],
    });

    await page.goto('/my-store?seccion=mis-productos');
    await expect(page.getByText(producto.nombre).first()).toBeVisible();
    await expectNoViolationsAtBothWidths(page, { muestra: [page.getByText('Sin stock').first()] });

    // A red (destructive) button under the pointer keeps its text readable.
    await page.getByRole('button', { name: `Retirar ${producto.nombre} de la venta` }).click();
    const retirar = page
      .getByRole('dialog', { name: `¿Retirar «${producto.nombre}» de la venta?` })
      .getByRole('button', { name: 'Retirar producto' });
    await expect(retirar).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [retirar],
      preparar: () => hoverHastaQueSeAsiente(retirar),
    });
  });

  test("the product wizard's seven steps", async ({ page, api, sufijo }) => {
    const vendedor = await api.nuevoVendedor({ categorias: ['Regionales'] });
    await logIn(page, vendedor.credenciales);
    await page.goto('/product-form');
    const siguiente = page.getByRole('button', { name: 'Siguiente' });
    const pasos: [string, string | null][] = [
      ['Nombre del producto', `Salame de Colonia Caroya ${sufijo}`],
      ['Descripción', 'Salame artesanal estacionado.'],
      ['Precio', '12500'],
      ['Cantidad del grupo', '4'],
      ['Stock disponible', '20'],
    ];
    for (const [campo, valor] of pasos) {
      const caja = page.getByRole('textbox', { name: new RegExp(`^${campo}`) });
      await expectNoViolationsAtBothWidths(page, { muestra: [caja] });
      if (valor) await caja.fill(valor);
      await siguiente.click();
    }
    // Categories, then the image (with a picture chosen).
    await expectNoViolationsAtBothWidths(page, { muestra: [page.getByText('Regionales')] });
    await page.getByText('Regionales').click();
    await siguiente.click();
    const cargar = page.getByRole('button', { name: 'Cargar Producto' });
    await expectNoViolationsAtBothWidths(page, { muestra: [cargar] });
    // The picture chosen at each width, for its toast to be there while axe runs.
    const foto = await fotoPng();
    await expectNoViolationsAtBothWidths(page, {
      preparar: async () => {
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'salame.png', mimeType: 'image/png', buffer: foto });
        await expect(toast(page, 'Imagen procesada')).toBeVisible();
      },
    });
  });

  test("the store wizard's steps, of a user without a store", async ({ page, comprador }) => {
    await logIn(page, comprador);
    await page.goto('/my-store');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('heading', { level: 1 })],
    });

    await page.getByRole('button', { name: 'Comenzar' }).click();
    const asistente = page.getByRole('dialog', { name: 'Configurar Tienda' });
    const siguiente = asistente.getByRole('button', { name: 'Siguiente' });
    const pasos: [string, string][] = [
      ['Nombre de la tienda', 'Verdulería del Barrio'],
      ['Descripción', 'Verduras de estación, directo de la quinta.'],
      ['Teléfono de contacto', '+54 11 5555-2020'],
      ['Email de contacto', 'ventas@verduleria-e2e.com.ar'],
      ['Razón social', 'Verdulería del Barrio S.R.L.'],
    ];
    for (const [numero, [campo, valor]] of pasos.entries()) {
      await expectNoViolationsAtBothWidths(page, {
        muestra: [asistente.getByText(`Paso ${numero + 1} de 9`)],
      });
      await asistente.getByRole('textbox', { name: campo }).fill(valor);
      await siguiente.click();
    }
    await expectNoViolationsAtBothWidths(page, { muestra: [asistente.getByText('Paso 6 de 9')] });
    await asistente.getByRole('combobox', { name: 'Categoría' }).fill('verdu');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [asistente.getByRole('option', { name: 'Verdulería' })],
    });
    await asistente.getByRole('option', { name: 'Verdulería' }).click();
    await siguiente.click();
    // The address step, as it opens and filled (as seller-onboarding.spec.ts fills it); its
    // map is the location picker checked above.
    await expectNoViolationsAtBothWidths(page, { muestra: [asistente.getByText('Paso 7 de 9')] });
    await asistente.getByRole('button', { name: /Elegir ubicación en el mapa/ }).click();
    const mapa = page.getByRole('dialog', { name: 'Ubicación de tu tienda' });
    await mapa.getByPlaceholder('Buscar dirección…').fill('la plata');
    await mapa.getByRole('option', { name: 'La Plata, Buenos Aires' }).click();
    await mapa.getByRole('button', { name: 'Confirmar ubicación' }).click();
    const detalles = page.getByRole('dialog').filter({ hasText: 'Volver al mapa' });
    await expectNoViolationsAtBothWidths(page, { muestra: [detalles.getByLabel(/Departamento/)] });
    // Confirmed without a door: the fields' errors are checked too.
    await detalles.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [detalles.getByText('La calle es obligatoria')],
    });
    await detalles.getByLabel('Calle').fill('Calle 7');
    await detalles.getByLabel('Altura').fill('1234');
    await detalles.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expectNoViolationsAtBothWidths(page, { muestra: [asistente.getByText('Calle 7 1234')] });
    await siguiente.click();

    // Coverage, then the logo: empty, refused with its toast, and the final step's button.
    await expectNoViolationsAtBothWidths(page, { muestra: [asistente.getByText('Paso 8 de 9')] });
    await asistente.getByText('Zona cercana').click();
    await siguiente.click();
    await expectNoViolationsAtBothWidths(page, { muestra: [asistente.getByText('Paso 9 de 9')] });
    // Refused at each width, for its toast to be there while axe runs.
    await expectNoViolationsAtBothWidths(page, {
      preparar: async () => {
        await asistente.getByRole('button', { name: 'Crear Tienda' }).click();
        await expect(toast(page, 'Por favor sube el logo')).toBeVisible();
      },
    });
    await asistente
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await fotoPng() });
    await expectNoViolationsAtBothWidths(page, { muestra: [asistente.getByText(/^logo\./)] });
  });

  test("the courier's orders and the admin's review", async ({
    page,
    api,
    vendedor,
    comprador,
  }) => {
    // A store waiting for the product team's review.
    const pendiente = await api.nuevoVendedor({ habilitada: false });
    // An order to deliver: its group of one place filled by the payment.
    const producto = await api.nuevoProducto(vendedor, { lugares: 1 });
    const pedidoId = await api.pagarLugares(comprador, {
      productoId: producto._id,
      tiendaId: vendedor.tiendaId,
    });
    await logIn(page, repartidor);
    await page.goto('/delivery-orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(new RegExp(pedidoId.slice(-6), 'i')).first()).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByText(new RegExp(pedidoId.slice(-6), 'i')).first()],
    });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(page, admin);
    await page.goto('/admin/tiendas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByText(pendiente.tiendaNombre).first()],
    });
    await page.goto('/admin/grupos');
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('heading', { level: 1 })],
    });
    await page.goto('/admin/dinero');
    await expect(page.getByRole('heading', { name: 'Totales del marketplace' })).toBeVisible();
    await expectNoViolationsAtBothWidths(page, {
      muestra: [page.getByRole('heading', { name: 'Reembolsos pendientes y fallidos' })],
    });
  });
});
