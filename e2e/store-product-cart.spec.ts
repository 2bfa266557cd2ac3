import type { Page } from '@playwright/test';
import { type Api, expect, type Producto, test, type Vendedor } from './fixtures';
import { logIn, submitLogin, toast } from './helpers';

/**
 * The store page, a product's page and the cart, on a store each test opens through the API
 * (enabled, with local categories) and products whose names carry the test's id.
 */
function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

const CATEGORIAS = ['Aceites', 'Conservas', 'Infusiones', 'Secos'];

interface Almacen {
  vendedor: Vendedor;
  yerba: Producto;
  secos: Producto[];
  productos: Producto[];
}

/** A store with a yerba ($ 4.890, groups of 10) in 'Infusiones' and a few more products. */
async function almacenPropio(api: Api, sufijo: string, completo = true): Promise<Almacen> {
  const vendedor = await api.nuevoVendedor({
    nombre: `Almacén ${sufijo}`,
    categorias: CATEGORIAS,
  });
  const yerba = api.nuevoProducto(vendedor, {
    nombre: `Yerba mate 1 kg ${sufijo}`,
    precio: 4890,
    lugares: 10,
    categorias: ['Infusiones'],
  });
  const secos = completo
    ? ['Fideos spaghetti 500 g', 'Arroz largo fino 1 kg', 'Harina 0000 1 kg'].map((nombre) =>
        api.nuevoProducto(vendedor, { nombre: `${nombre} ${sufijo}`, categorias: ['Secos'] }),
      )
    : [];
  const otros = completo
    ? [
        api.nuevoProducto(vendedor, {
          nombre: `Atún al natural ${sufijo}`,
          categorias: ['Conservas'],
        }),
        api.nuevoProducto(vendedor, {
          nombre: `Aceite de girasol ${sufijo}`,
          categorias: ['Aceites'],
        }),
      ]
    : [];
  const [y, ...resto] = await Promise.all([yerba, ...secos, ...otros]);
  if (!y) throw new Error('sin yerba');
  return {
    vendedor,
    yerba: y,
    secos: resto.slice(0, secos.length),
    productos: [y, ...resto],
  };
}

/** Opens the store and then its yerba from the 'Infusiones' carousel. */
async function abrirYerba(page: Page, almacen: Almacen) {
  await page.goto(`/store/${almacen.vendedor.tiendaId}`);
  await expect(heading(page, almacen.vendedor.tiendaNombre)).toBeVisible();
  await page
    .getByRole('region', { name: 'Infusiones', exact: true })
    .getByRole('link', { name: almacen.yerba.nombre })
    .click();
  await expect(heading(page, almacen.yerba.nombre)).toBeVisible();
}

function cartLine(page: Page, nombre: string) {
  return page.locator('[data-slot="carrito-linea"]').filter({ hasText: nombre });
}

test.describe('store page and product detail', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the store page shows its categories and products, and a product opens from it', async ({
    page,
    api,
    sufijo,
  }) => {
    const almacen = await almacenPropio(api, sufijo);
    const { tiendaId, tiendaNombre } = almacen.vendedor;
    await page.goto(`/store/${tiendaId}`);
    await expect(heading(page, tiendaNombre)).toBeVisible();
    await expect(page).toHaveTitle(`${tiendaNombre} · Compra Grupal`);
    const main = page.getByRole('main');
    // The store's product count (the first 'N productos', above the rows) is the products it
    // has, all shown, under its categories.
    const total = almacen.productos.length;
    await expect(main.getByText(/^\d+ productos?$/).first()).toHaveText(`${total} productos`);
    await expect(main.locator('[data-slot="producto-card"]')).toHaveCount(total);
    const categorias = main.getByRole('heading', { level: 3 });
    await expect(categorias).toHaveText(CATEGORIAS);
    const secos = main.getByRole('region', { name: 'Secos', exact: true });
    for (const { nombre } of almacen.secos) {
      await expect(secos.getByRole('link', { name: nombre })).toBeVisible();
    }
    const harina = almacen.secos[2]?.nombre ?? '';

    // The category filter narrows the rows.
    await page.getByRole('combobox', { name: 'Filtrar por categoría' }).click();
    await page.getByRole('option', { name: 'Conservas' }).click();
    await expect(main.getByRole('heading', { level: 3 })).toHaveText(['Conservas']);
    await page.getByRole('combobox', { name: 'Filtrar por categoría' }).click();
    await page.getByRole('option', { name: 'Todas las categorías' }).click();
    await expect(categorias).toHaveText(CATEGORIAS);
    await expect(secos.getByRole('link', { name: harina })).toBeVisible();

    await main
      .getByRole('region', { name: 'Infusiones', exact: true })
      .getByRole('link', { name: almacen.yerba.nombre })
      .click();
    await expect(page).toHaveURL(new RegExp(`/product/${almacen.yerba._id}$`));
    await expect(heading(page, almacen.yerba.nombre)).toBeVisible();
    await expect(main.getByText('$ 4.890,00').first()).toBeVisible();
    await expect(
      main.getByText('Compra Grupal: Se necesitan 10 lugares para completar el grupo'),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: tiendaNombre })).toHaveAttribute(
      'href',
      `/store/${tiendaId}`,
    );
  });

  test('an unknown or disabled store and an unknown product show their not-found views', async ({
    page,
    api,
  }) => {
    const enRevision = await api.nuevoVendedor({ mercadoPago: false, habilitada: false });
    await page.goto(`/store/${enRevision.tiendaId}`);
    await expect(heading(page, 'Tienda no encontrada')).toBeVisible();
    await page.goto('/store/no-existe');
    await expect(heading(page, 'Tienda no encontrada')).toBeVisible();

    await page.goto('/product/a39999999999999999999999');
    await expect(heading(page, 'Producto no encontrado')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("'Agregar al Carrito' while logged out goes to /login, and logging in comes back", async ({
    page,
    api,
    sufijo,
    comprador: usuario,
  }) => {
    const almacen = await almacenPropio(api, sufijo, false);
    await abrirYerba(page, almacen);
    const producto = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Agregar al Carrito' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Inicia sesión')).toBeVisible();
    await expect(
      toast(page, 'Inicia sesión').getByText(
        'Debes iniciar sesión para agregar productos al carrito',
      ),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBeNull();

    await submitLogin(page, usuario);
    await expect(toast(page, '¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${producto}$`));
    await expect(heading(page, almacen.yerba.nombre)).toBeVisible();
  });
});

test.describe('cart', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a shopper adds 2, opens the cart, changes the quantity and removes the line', async ({
    page,
    api,
    sufijo,
    comprador,
  }) => {
    const almacen = await almacenPropio(api, sufijo, false);
    const yerba = almacen.yerba.nombre;
    await logIn(page, comprador);
    await abrirYerba(page, almacen);

    await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Cantidad' })).toHaveValue('2');
    await page.getByRole('button', { name: 'Agregar al Carrito' }).click();
    await expect(toast(page, 'Producto agregado')).toBeVisible();

    const verCarrito = page.getByRole('link', { name: 'Ver carrito 2 productos' });
    await expect(verCarrito).toBeVisible();
    await verCarrito.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(heading(page, 'Carrito')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Ver carrito/ })).toHaveCount(0);

    const linea = cartLine(page, yerba);
    const cantidad = linea.getByRole('spinbutton');
    const total = page.locator('[data-slot="total"]');
    await expect(cantidad).toHaveValue('2');
    await expect(total).toHaveText('$ 9.780,00');

    await linea.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await expect(cantidad).toHaveValue('3');
    await expect(total).toHaveText('$ 14.670,00');

    const menos = linea.getByRole('button', { name: 'Disminuir cantidad' });
    await menos.click();
    await menos.click();
    await expect(cantidad).toHaveValue('1');
    await expect(menos).toBeDisabled();
    await expect(total).toHaveText('$ 4.890,00');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('carrito')))
      .toMatch(/"cantidadSolicitada":1\}\]$/);

    // The summary groups the lines by store and closes back to /cart.
    await page.getByRole('button', { name: 'Ver resumen' }).click();
    const resumen = page.getByRole('dialog', { name: 'Resumen del carrito' });
    await expect(resumen).toBeVisible();
    await expect(page).toHaveURL(/\/cart\?resumen=1$/);
    await expect(resumen.getByText(almacen.vendedor.tiendaNombre)).toBeVisible();
    await expect(resumen.getByText(`1 × ${yerba}`)).toBeVisible();
    await resumen.getByRole('button', { name: 'Volver al carrito' }).click();
    await expect(resumen).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart$/);

    await expect(page.getByRole('link', { name: 'Proceder al checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );

    await linea.getByRole('button', { name: `Eliminar ${yerba}` }).click();
    await expect(toast(page, 'Producto eliminado')).toBeVisible();
    await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explorar tiendas' })).toHaveAttribute('href', '/');
  });
});
