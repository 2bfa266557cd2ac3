import type { APIRequestContext } from '@playwright/test';
import { type Api, type Credenciales, conHidratacion, expect, test } from './fixtures';
import { logIn, toast } from './helpers';

/**
 * A group's price is fixed for its life (docs/decisions/054): the seller raises the price of a
 * product while its group has a member; the product page keeps the group's price and says what
 * the next group costs; the next member pays the old price, and once the group fills the next
 * group charges the new one.
 */

/** The unit price a shopper paid for their order's only product, as Mis Pedidos reads it. */
async function precioPagado(
  request: APIRequestContext,
  api: Api,
  comprador: Credenciales,
  pedidoId: string,
) {
  const sesion = await api.sesion(comprador);
  const res = await request.post('/api/pedido/obtenerPedidosConGruposPorUsuario', {
    headers: sesion.auth,
    data: { usuarioId: sesion.userId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const pedidos = (await res.json()) as { _id: string; productos: { precio: number }[] }[];
  return pedidos.find((p) => p._id === pedidoId)?.productos[0]?.precio;
}

test.describe("a group's price", () => {
  test('a raise mid-group applies to the next group: the next member pays the old price', async ({
    page,
    browser,
    api,
    request,
    sufijo,
    vendedor,
  }) => {
    test.setTimeout(120_000);
    const nombre = `Miel de monte ${sufijo}`;
    const producto = await api.nuevoProducto(vendedor, { nombre, precio: 1000, lugares: 2 });
    const primera = await api.nuevoComprador();
    await api.pagarLugares(primera, { productoId: producto._id, tiendaId: vendedor.tiendaId });

    // The seller raises the price in Mis Productos, at 1280 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, vendedor.credenciales);
    await page.goto('/my-store?seccion=mis-productos');
    const tarjeta = page.getByRole('article').filter({ hasText: nombre });
    await tarjeta.getByRole('button', { name: 'Editar' }).click();
    const dialogo = page.getByRole('dialog');
    await expect(
      dialogo.getByText(
        'Si alguien ya se sumó al grupo abierto, el precio nuevo se aplica desde el próximo grupo.',
      ),
    ).toBeVisible();
    await dialogo.getByRole('textbox', { name: /Precio/ }).fill('1500');
    await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'El producto se ha actualizado correctamente')).toBeVisible();
    // The card keeps the group's price and shows the one waiting.
    await expect(tarjeta.getByText('Próximo grupo: $ 1.500')).toBeVisible();
    await expect(tarjeta.getByText(/^\$\s1\.000/)).toBeVisible();
    await tarjeta.getByRole('button', { name: 'Editar' }).click();
    await expect(
      dialogo.getByText(
        /^El grupo abierto mantiene \$\s1\.000(,00)? hasta completarse; el precio nuevo se aplica desde el próximo grupo\.$/,
      ),
    ).toBeVisible();
    await expect(dialogo.getByRole('textbox', { name: /Precio/ })).toHaveValue(/^1\.?500$/);
    await page.keyboard.press('Escape');

    // A shopper on a phone sees the group's price, fixed, and the next group's.
    const contexto = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const telefono = conHidratacion(await contexto.newPage());
      await telefono.goto(`/product/${producto._id}`);
      await expect(telefono.getByRole('heading', { name: nombre })).toBeVisible();
      await expect(
        telefono.getByText('Precio fijado hasta que se complete el grupo'),
      ).toBeVisible();
      await expect(telefono.getByText('Desde el próximo grupo: $ 1.500')).toBeVisible();
      await expect(telefono.getByText('$ 1.000').first()).toBeVisible();

      // The second member pays the group's price and fills it.
      const segunda = await api.nuevoComprador();
      const pedidoSegunda = await api.pagarLugares(segunda, {
        productoId: producto._id,
        tiendaId: vendedor.tiendaId,
      });
      expect(await precioPagado(request, api, segunda, pedidoSegunda)).toBe(1000);

      // The next group opened at the new price: the page says so, and charges it.
      await telefono.reload();
      await expect(telefono.getByText('$ 1.500').first()).toBeVisible();
      await expect(telefono.getByText(/Desde el próximo grupo/)).toHaveCount(0);
      await expect(
        telefono.getByText('Precio fijado hasta que se complete el grupo'),
      ).toBeVisible();
      const tercera = await api.nuevoComprador();
      const pedidoTercera = await api.pagarLugares(tercera, {
        productoId: producto._id,
        tiendaId: vendedor.tiendaId,
      });
      expect(await precioPagado(request, api, tercera, pedidoTercera)).toBe(1500);
    } finally {
      await contexto.close();
    }
  });
});
