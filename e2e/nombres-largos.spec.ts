import type { Locator, Page } from '@playwright/test';
import { type Api, estarEn, expect, test } from './fixtures';
import { admin, logIn, repartidor, revisarPaquete } from './helpers';

/**
 * The longest names the contracts allow, on a phone (issue 24, point 5: checkout step 6 was 539 px
 * wide on 375 with a long product name, its amounts and total cut off). On every screen that shows
 * a product or store name the page keeps to the screen's width, and every amount is whole and
 * inside it: names wrap or truncate, amounts never do.
 *
 * Names: a product's is up to 120 characters, a store's 100, its razón social 150, a local
 * category's 60, a user's 120 (packages/contracts). One product name has spaces, the other a word
 * of 70 letters with none, which can only fit by breaking.
 */

/** `texto` cut to `largo` characters, ending in the test's suffix (unique names). */
function aLaMedida(texto: string, largo: number, sufijo: string): string {
  const cuerpo = texto.slice(0, largo - sufijo.length - 1).replace(/[\s,]+$/, '');
  return `${cuerpo.padEnd(largo - sufijo.length - 1, 'x')} ${sufijo}`;
}

function nombresLargos(sufijo: string) {
  return {
    tienda: aLaMedida(
      'Almacén, Fiambrería y Despensa Superextraordinariamente Surtida de los Hermanos Fernández-Etchegaray e Hijos',
      100,
      sufijo,
    ),
    razonSocial: aLaMedida(
      'Almacén, Fiambrería y Despensa Superextraordinariamente Surtida de los Hermanos Fernández-Etchegaray e Hijos Sociedad de Responsabilidad Limitada de Villa Gesell',
      150,
      sufijo,
    ),
    categoria: aLaMedida(
      'Fiambres, quesos y embutidos superextraordinariamente estacionados',
      60,
      sufijo,
    ),
    empanadas: aLaMedida(
      'Docena de empanadas salteñas (horno de barro) rellenas de carne cortada a cuchillo con papa, huevo y cebolla de verdeo para compartir',
      120,
      sufijo,
    ),
    alfajores: aLaMedida(
      'Alfajores Superextraordinariamentedeliciosísimosdemaicenaconcocoydulcedeleche artesanales de la abuela Etchegaray, caja x12',
      120,
      sufijo,
    ),
    usuario: aLaMedida(
      'María de los Ángeles Fernández-Etchegaray Superextraordinariamente Larga de Ituzaingó, Villa Gesell y San Carlos de Bariloche',
      120,
      sufijo,
    ),
  };
}

/** A store, its category and two products, all with the longest names. */
async function tiendaDeNombresLargos(api: Api, sufijo: string) {
  const nombres = nombresLargos(sufijo);
  for (const [campo, largo] of Object.entries({
    tienda: 100,
    razonSocial: 150,
    categoria: 60,
    empanadas: 120,
    alfajores: 120,
    usuario: 120,
  })) {
    expect(nombres[campo as keyof typeof nombres], campo).toHaveLength(largo);
  }
  const vendedor = await api.nuevoVendedor({
    nombre: nombres.tienda,
    razonSocial: nombres.razonSocial,
    categorias: [nombres.categoria],
  });
  const [empanadas, alfajores] = await Promise.all([
    // One place: a paid dozen closes its group and the order is ready to deliver.
    api.nuevoProducto(vendedor, {
      nombre: nombres.empanadas,
      precio: 18_500.5,
      lugares: 1,
      categorias: [nombres.categoria],
    }),
    api.nuevoProducto(vendedor, {
      nombre: nombres.alfajores,
      // The longest price there is (under precioMaximo).
      precio: 99_999_999.99,
      lugares: 5,
      categorias: [nombres.categoria],
    }),
  ]);
  return { nombres, vendedor, empanadas, alfajores };
}

/** The page is no wider than the screen: nothing to scroll sideways. */
async function sinDesbordeHorizontal(page: Page) {
  const { ancho, pantalla } = await page.evaluate(() => ({
    ancho: document.documentElement.scrollWidth,
    pantalla: window.innerWidth,
  }));
  expect(ancho, `la página mide ${ancho} px de ancho en ${pantalla}`).toBeLessThanOrEqual(pantalla);
}

/**
 * Every amount ('$ 1.234,56') shown inside `zona` is whole and inside the screen's width: on one
 * line, not past its edges, not clipped by a box that hides what overflows, not cut by an ellipsis. Returns
 * how many it checked, so that a screen that shows none is noticed.
 */
async function montosEnteros(zona: Locator, minimo: number) {
  // The amounts arrive with the screen's data: wait until they are drawn, then check them.
  await expect.poll(async () => (await medirMontos(zona)).revisados).toBeGreaterThanOrEqual(minimo);
  const { cortados } = await medirMontos(zona);
  expect(cortados, 'montos cortados o fuera de la pantalla').toEqual([]);
}

function medirMontos(zona: Locator) {
  return zona.evaluate((raiz) => {
    const dinero = /\$\s?\d{1,3}(\.\d{3})*,\d{2}$/;
    const texto = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const cortados: string[] = [];
    let revisados = 0;
    for (const el of [raiz, ...Array.from(raiz.querySelectorAll('*'))]) {
      if (!dinero.test(texto(el))) continue;
      // The innermost element holding the amount, when it is drawn (not sr-only, not folded).
      if (Array.from(el.children).some((hijo) => dinero.test(texto(hijo)))) continue;
      const caja = el.getBoundingClientRect();
      if (caja.width <= 1 || caja.height <= 1) continue;
      revisados++;
      let cortado = caja.left < -0.5 || caja.right > window.innerWidth + 0.5;
      if (getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth) {
        cortado = true;
      }
      // Split over two lines ('$ 99.999.999,0' and '0'): its own text's boxes start at two heights.
      for (const nodo of Array.from(el.childNodes)) {
        if (nodo.nodeType !== Node.TEXT_NODE) continue;
        const rango = document.createRange();
        rango.selectNodeContents(nodo);
        const alturas = new Set(Array.from(rango.getClientRects(), (r) => Math.round(r.top)));
        if (alturas.size > 1) cortado = true;
      }
      for (let padre = el.parentElement; padre && !cortado; padre = padre.parentElement) {
        if (getComputedStyle(padre).overflowX === 'visible') continue;
        const marco = padre.getBoundingClientRect();
        if (caja.left < marco.left - 0.5 || caja.right > marco.right + 0.5) cortado = true;
      }
      if (cortado) cortados.push(texto(el));
    }
    return { revisados, cortados };
  });
}

async function salir(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test.describe('the longest names at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

  test('a shopper from the store to checkout step 6, Mis Pedidos and the group page', async ({
    page,
    context,
    api,
    sufijo,
    ubicacion,
  }) => {
    test.setTimeout(180_000);
    const { nombres, vendedor, empanadas, alfajores } = await tiendaDeNombresLargos(api, sufijo);
    const comprador = await api.nuevoComprador(nombres.usuario);
    // An order already paid: Mis Pedidos and the group page have the long names to show.
    await api.pagarLugares(comprador, { productoId: alfajores._id, tiendaId: vendedor.tiendaId });
    const grupoId = await api.grupoAbierto(vendedor, alfajores._id);
    await api.nuevaDireccion(comprador, ubicacion, 'Av. Santa Fe 3253');
    await estarEn(context, ubicacion);
    await logIn(page, comprador);

    // Home: the store's card.
    const tarjeta = page.getByRole('article', { name: nombres.tienda });
    await expect(tarjeta).toBeVisible();
    await sinDesbordeHorizontal(page);
    await montosEnteros(tarjeta, 2);

    // The store page.
    await page.goto(`/store/${vendedor.tiendaId}`);
    await expect(page.getByRole('heading', { level: 1, name: nombres.tienda })).toBeVisible();
    await expect(page.getByRole('link', { name: nombres.alfajores }).first()).toBeVisible();
    await sinDesbordeHorizontal(page);
    await montosEnteros(page.locator('main'), 2);

    // Both product pages: the word without spaces breaks.
    for (const producto of [empanadas, alfajores]) {
      await page.goto(`/product/${producto._id}`);
      await expect(page.getByRole('heading', { level: 1, name: producto.nombre })).toBeVisible();
      // The buy bar (with its total) shows once the product's groups are known.
      await expect(page.getByRole('button', { name: 'Agregar al Carrito' })).toBeVisible();
      await sinDesbordeHorizontal(page);
      // Its price and the buy bar's total.
      await montosEnteros(page.locator('main'), 2);
    }

    // The cart with both.
    await page.evaluate(
      ([e, a]) =>
        localStorage.setItem(
          'carrito',
          JSON.stringify([
            { productoId: e, cantidadSolicitada: 3 },
            { productoId: a, cantidadSolicitada: 1 },
          ]),
        ),
      [empanadas._id, alfajores._id],
    );
    await page.goto('/cart');
    await expect(page.locator('[data-slot="carrito-linea"]')).toHaveCount(2);
    await sinDesbordeHorizontal(page);
    // Each line's subtotal, the products' sum and the total.
    await montosEnteros(page.locator('main'), 4);

    // The six steps; the folded summary's total on top of each.
    await page.goto('/checkout');
    const continuar = page.getByRole('button', { name: /^Continuar/ });
    const totalArriba = page.locator('[data-slot="checkout-total"]');
    await page.getByText('Acepto los términos y condiciones de la compra grupal').click();
    await sinDesbordeHorizontal(page);
    await montosEnteros(totalArriba, 1);
    await continuar.click();
    await page.getByText('Av. Santa Fe 3253').click();
    await sinDesbordeHorizontal(page);
    await continuar.click();
    await page.getByRole('button', { name: 'Confirmar teléfono' }).click();
    await sinDesbordeHorizontal(page);
    await continuar.click();
    await revisarPaquete(page);
    await sinDesbordeHorizontal(page);
    await continuar.click();
    const metodo = page.getByRole('group', { name: `Método de envío de ${nombres.tienda}` });
    await metodo.getByRole('radio').first().check();
    await sinDesbordeHorizontal(page);
    await montosEnteros(page.locator('main'), 2);
    await continuar.click();

    // Step 6: both lines, the store's subtotal and shipping, the totals, all whole.
    await expect(page.getByText('Paso 6 de 6')).toBeVisible();
    const resumen = page.locator('details[open] [data-slot="resumen-tienda"]');
    await expect(resumen.getByText(nombres.empanadas)).toBeVisible();
    await expect(resumen.getByText(nombres.alfajores)).toBeVisible();
    await sinDesbordeHorizontal(page);
    // Two lines, subtotal, shipping; products, shipping and total; the folded total on top.
    await montosEnteros(page.locator('main'), 8);
    await expect(page.locator('details[open] [data-slot="resumen-total"]')).toHaveText(
      /\$\s?100\.0\d{2}\.\d{3},\d{2}/,
    );

    // The order, and the page that pays it.
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page.getByRole('button', { name: /^Pagar / })).toBeVisible();
    await sinDesbordeHorizontal(page);
    await montosEnteros(page.locator('main'), 2);

    // Mis Pedidos, the paid order open.
    await page.goto('/my-orders');
    const pedido = page.getByRole('article').filter({ hasText: nombres.alfajores });
    await expect(pedido).toBeVisible();
    await pedido.locator('button[aria-expanded="false"]').click();
    await expect(pedido.locator('button[aria-expanded="true"]')).toBeVisible();
    await sinDesbordeHorizontal(page);
    await montosEnteros(pedido, 1);

    // Mis Pagos.
    await page.goto('/my-payments');
    await expect(page.getByRole('article').first()).toBeVisible();
    await sinDesbordeHorizontal(page);
    await montosEnteros(page.locator('main'), 2);

    // The group page.
    await page.goto(`/group/${grupoId}`);
    await expect(page.getByText(nombres.alfajores).first()).toBeVisible();
    await sinDesbordeHorizontal(page);
  });

  test("the seller's, the courier's and the admin's screens", async ({ page, api, sufijo }) => {
    test.setTimeout(180_000);
    const { nombres, vendedor, empanadas, alfajores } = await tiendaDeNombresLargos(api, sufijo);
    const comprador = await api.nuevoComprador(nombres.usuario);
    // A closed group (ready to deliver) and an open one with a participant.
    await api.pagarLugares(comprador, { productoId: empanadas._id, tiendaId: vendedor.tiendaId });
    await api.pagarLugares(comprador, { productoId: alfajores._id, tiendaId: vendedor.tiendaId });
    // A store waiting for the product team, with the longest name and razón social.
    const pendiente = await api.nuevoVendedor({
      nombre: aLaMedida(`En revisión ${nombres.tienda}`, 100, sufijo),
      razonSocial: nombres.razonSocial,
      habilitada: false,
    });

    await logIn(page, vendedor.credenciales);
    await page.goto('/my-store');
    await expect(page.getByText(nombres.tienda).first()).toBeVisible();
    await sinDesbordeHorizontal(page);

    await page.goto('/my-store?seccion=mis-productos');
    await expect(page.getByText(nombres.alfajores).first()).toBeVisible();
    await sinDesbordeHorizontal(page);
    await montosEnteros(page.locator('main'), 2);

    await page.goto('/my-store?seccion=grupos');
    await expect(page.locator('[data-slot="grupo-card"]')).toHaveCount(3);
    await sinDesbordeHorizontal(page);
    await montosEnteros(page.locator('main'), 3);

    await page.goto('/my-store?seccion=pedidos-para-entregar');
    await expect(page.getByText(nombres.empanadas).first()).toBeVisible();
    await sinDesbordeHorizontal(page);

    await salir(page);
    await logIn(page, repartidor);
    await page.goto('/delivery-orders');
    await expect(page.getByText(nombres.empanadas).first()).toBeVisible();
    await sinDesbordeHorizontal(page);

    await salir(page);
    await logIn(page, admin);
    await page.goto('/admin/tiendas');
    await expect(page.getByText(pendiente.tiendaNombre).first()).toBeVisible();
    await sinDesbordeHorizontal(page);
  });
});
