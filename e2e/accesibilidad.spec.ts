import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectSinViolaciones as expectNoViolations } from './axe';
import { estarEn, expect, test } from './fixtures';
import { admin, completarPaquete, logIn, repartidor } from './helpers';

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

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({
      viewport: { width, height: 860 },
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
      await expect(page.getByRole('article', { name: vendedor.tiendaNombre })).toBeVisible();
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
      await expect(page.getByRole('article', { name: vendedor.tiendaNombre })).toBeVisible();
      await expectNoViolations(page);

      await page.goto(`/store/${vendedor.tiendaId}`);
      await expect(heading(page, vendedor.tiendaNombre)).toBeVisible();
      await expectNoViolations(page);

      await page
        .getByRole('region', { name: 'Infusiones', exact: true })
        .getByRole('link', { name: yerba.nombre })
        .click();
      await expect(heading(page, yerba.nombre)).toBeVisible();
      await expectNoViolations(page);

      await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
      // The floating cart button shows on the store page once the cart holds something.
      await page.goto(`/store/${vendedor.tiendaId}`);
      await expect(heading(page, vendedor.tiendaNombre)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ver carrito 1 producto' })).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/cart');
      await expect(page.locator('[data-slot="carrito-linea"]')).toHaveCount(1);
      await expect(page.getByRole('link', { name: yerba.nombre })).toBeVisible();
      await expectNoViolations(page);

      // The checkout's first four steps: terms, address, phone and package.
      await page.goto('/checkout');
      const continuar = page.getByRole('button', { name: /^Continuar/ });
      const terminos = page.getByText('Acepto los términos y condiciones de la compra grupal');
      await expect(terminos).toBeVisible();
      await expectNoViolations(page);
      await terminos.click();
      await continuar.click();
      await page.getByText('Av. Argentina 200').click();
      await expectNoViolations(page);
      await continuar.click();
      await expect(page.getByRole('button', { name: 'Confirmar teléfono' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Confirmar teléfono' }).click();
      await continuar.click();
      await expect(page.getByLabel(/Peso/)).toBeVisible();
      await expectNoViolations(page);
      await completarPaquete(page);
      await continuar.click();
      // The shipping options, once the store's quote answers, and the summary.
      const metodo = page.getByRole('group', { name: /^Método de envío de / });
      await expect(metodo.getByRole('radio').first()).toBeVisible();
      await expectNoViolations(page);
      await metodo.getByRole('radio').first().check();
      await continuar.click();
      await expect(page.getByRole('button', { name: 'Ir a pagar' })).toBeVisible();
      await expectNoViolations(page);
      // The order made, each store's payment.
      await page.getByRole('button', { name: 'Ir a pagar' }).click();
      await expect(page).toHaveURL(/\/multi-payment-checkout\?pedidoId=/);
      await expect(page.getByRole('button', { name: /^Pagar / })).toBeVisible();
      await expectNoViolations(page);
    });

    test('the empty cart and a page that does not exist', async ({ page, comprador }) => {
      await logIn(page, comprador);
      await page.goto('/cart');
      await expect(heading(page, 'Carrito')).toBeVisible();
      await expectNoViolations(page);
      await page.goto('/no-existe');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
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
      await expect(page.getByText(producto.nombre).first()).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/my-orders');
      await expect(heading(page, 'Mis Pedidos')).toBeVisible();
      await expect(page.getByText(producto.nombre).first()).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/my-payments');
      await expect(heading(page, 'Mis Pagos')).toBeVisible();
      const numero = new RegExp(`Pedido #${pedidoId.slice(-6)}`, 'i');
      await expect(page.getByRole('article', { name: numero })).toBeVisible();
      await expectNoViolations(page);

      await page.goto(`/payment-detail/${pedidoId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(numero).first()).toBeVisible();
      await expectNoViolations(page);
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
      await expect(page.getByText(vendedor.tiendaNombre)).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/my-store?seccion=grupos');
      // The completed group's product opens a new, empty one; so does the one without stock.
      await expect(page.locator('[data-slot="grupo-card"]')).toHaveCount(4);
      await expect(page.locator('[data-slot="participante"]')).toHaveCount(2);
      await expectNoViolations(page);

      await page.goto('/my-store?seccion=mis-productos');
      await expect(page.getByText(producto.nombre).first()).toBeVisible();
      await expect(page.getByText('Sin stock').first()).toBeVisible();
      await expectNoViolations(page);

      // A red (destructive) button under the pointer keeps its text readable.
      await page.getByRole('button', { name: `Retirar ${producto.nombre} de la venta` }).click();
      const retirar = page
        .getByRole('dialog', { name: `¿Retirar «${producto.nombre}» de la venta?` })
        .getByRole('button', { name: 'Retirar producto' });
      await expect(retirar).toBeVisible();
      await hoverHastaQueSeAsiente(retirar);
      await expectNoViolations(page);
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
        await expect(caja).toBeVisible();
        await expectNoViolations(page);
        if (valor) await caja.fill(valor);
        await siguiente.click();
      }
      // Categories, then the image (with a picture chosen).
      await expect(page.getByText('Regionales')).toBeVisible();
      await expectNoViolations(page);
      await page.getByText('Regionales').click();
      await siguiente.click();
      const cargar = page.getByRole('button', { name: 'Cargar Producto' });
      await expect(cargar).toBeVisible();
      await expectNoViolations(page);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'salame.png', mimeType: 'image/png', buffer: await fotoPng() });
      await expect(
        page.locator('[data-sonner-toast]').filter({ hasText: 'Imagen procesada' }),
      ).toBeVisible();
      await expectNoViolations(page);
    });

    test("the store wizard's steps, of a user without a store", async ({ page, comprador }) => {
      await logIn(page, comprador);
      await page.goto('/my-store');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);

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
        await expect(asistente.getByText(`Paso ${numero + 1} de 9`)).toBeVisible();
        await expectNoViolations(page);
        await asistente.getByRole('textbox', { name: campo }).fill(valor);
        await siguiente.click();
      }
      await expect(asistente.getByText('Paso 6 de 9')).toBeVisible();
      await expectNoViolations(page);
      await asistente.getByRole('combobox', { name: 'Categoría' }).fill('verdu');
      await expect(asistente.getByRole('option', { name: 'Verdulería' })).toBeVisible();
      await expectNoViolations(page);
      await asistente.getByRole('option', { name: 'Verdulería' }).click();
      await siguiente.click();
      // The address step, as it opens and filled (as seller-onboarding.spec.ts fills it); its
      // map is the location picker checked above.
      await expect(asistente.getByText('Paso 7 de 9')).toBeVisible();
      await expectNoViolations(page);
      await asistente.getByRole('button', { name: /Elegir ubicación en el mapa/ }).click();
      const mapa = page.getByRole('dialog', { name: 'Ubicación de tu tienda' });
      await mapa.getByPlaceholder('Buscar dirección…').fill('la plata');
      await mapa.getByRole('option', { name: 'La Plata, Buenos Aires' }).click();
      await mapa.getByRole('button', { name: 'Confirmar ubicación' }).click();
      const detalles = page.getByRole('dialog').filter({ hasText: 'Volver al mapa' });
      await expect(detalles.getByLabel(/Departamento/)).toBeVisible();
      await expectNoViolations(page);
      // Confirmed without a door: the fields' errors are checked too.
      await detalles.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await expect(detalles.getByText('La calle es obligatoria')).toBeVisible();
      await expectNoViolations(page);
      await detalles.getByLabel('Calle').fill('Calle 7');
      await detalles.getByLabel('Altura').fill('1234');
      await detalles.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await expect(asistente.getByText('Calle 7 1234')).toBeVisible();
      await expectNoViolations(page);
      await siguiente.click();

      // Coverage, then the logo: empty, refused with its toast, and the final step's button.
      await expect(asistente.getByText('Paso 8 de 9')).toBeVisible();
      await expectNoViolations(page);
      await asistente.getByText('Zona cercana').click();
      await siguiente.click();
      await expect(asistente.getByText('Paso 9 de 9')).toBeVisible();
      await expectNoViolations(page);
      await asistente.getByRole('button', { name: 'Crear Tienda' }).click();
      await expect(
        page.locator('[data-sonner-toast]').filter({ hasText: 'Por favor sube el logo' }),
      ).toBeVisible();
      await expectNoViolations(page);
      await asistente
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await fotoPng() });
      await expect(asistente.getByText(/^logo\./)).toBeVisible();
      await expectNoViolations(page);
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
      await expectNoViolations(page);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await logIn(page, admin);
      await page.goto('/admin/tiendas');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(pendiente.tiendaNombre).first()).toBeVisible();
      await expectNoViolations(page);
      await page.goto('/admin/grupos');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
