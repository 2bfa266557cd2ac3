import type { Page } from '@playwright/test';
import { conHidratacion, expect, test, type Vendedor } from './fixtures';
import { admin, logIn, repartidor, type Sesion, sesionPorApi, toast } from './helpers';

/**
 * Orders and delivery (issue 14) on a fresh app with its embedded defaults. A seller of the
 * test's own (an enabled store made through the API) puts a product on sale in groups of 3;
 * two fresh shoppers pay for places (`api.pagarLugares`: the API and the sandbox, as the
 * checkout journey covers the screens) until the group fills; the first shopper's Mis Pedidos
 * moves the order from En curso to Completados live and shows the code; the courier enters a wrong code, then
 * the right one; the order is in Entregados and the seller's list no longer shows it. A second
 * group is cancelled by an admin, and its shopper sees the refund. The admin and the courier
 * are the demo accounts (roles no sign-up gives).
 */
const auth = (s: Sesion) => s.auth;

async function abrirMisPedidos(page: Page) {
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'Mis Pedidos' })).toBeVisible();
}

test.describe('orders and delivery', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a group fills, the courier delivers by code, and a cancelled group is refunded', async ({
    page,
    browser,
    request,
    api,
    sufijo,
    vendedor,
  }) => {
    test.setTimeout(180_000);
    /** A product of the seller's on sale in groups of `lugares`. */
    const productoNuevo = async (v: Vendedor, nombre: string, lugares: number) => {
      const { _id } = await api.nuevoProducto(v, { nombre, lugares });
      return { productoId: _id, tiendaId: v.tiendaId, nombre };
    };
    const dulce = `Dulce de leche de campo ${sufijo}`;
    const producto = await productoNuevo(vendedor, dulce, 3);
    const [primero, segundo] = await Promise.all([api.nuevoComprador(), api.nuevoComprador()]);

    const pedidoId = await api.pagarLugares(primero, producto, 1);
    await logIn(page, primero);
    await abrirMisPedidos(page);
    const enCurso = page.getByRole('tab', { name: /En curso/ });
    await enCurso.click();
    await expect(page.getByText(dulce).first()).toBeVisible();

    // The second shopper takes the last two places: the group fills, live.
    await api.pagarLugares(segundo, producto, 2);
    await expect(toast(page, 'Grupo completado')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('tab', { name: /Completados/ }).click();
    await expect(page.getByText('Enviando').first()).toBeVisible();
    const codigoRes = await request.post('/api/pedido/obtenerPedidosConGruposPorUsuario', {
      headers: auth(await sesionPorApi(request, primero)),
      data: { usuarioId: (await sesionPorApi(request, primero)).userId },
    });
    const pedidos = (await codigoRes.json()) as { _id: string; codigo: string }[];
    const codigo = pedidos.find((p) => p._id === pedidoId)?.codigo ?? '';
    expect(codigo).toMatch(/^[A-Z0-9]{6}$/);
    await expect(page.getByText(codigo)).toBeVisible();

    // The seller sees both shoppers' orders ready to deliver.
    const vendedorContext = await browser.newContext();
    const vendedorPage = conHidratacion(await vendedorContext.newPage());
    await logIn(vendedorPage, vendedor.credenciales);
    const pendientesDelVendedor = async () => {
      await vendedorPage.goto('/my-store');
      await vendedorPage.getByRole('button', { name: /Pedidos para entregar/ }).click();
      await expect(
        vendedorPage.getByRole('heading', { name: 'Pedidos para entregar' }),
      ).toBeVisible();
      await expect(vendedorPage.getByText(/pendiente/).first()).toBeVisible();
      // The spec's numbered cards, below the day's route (which keeps delivered stops).
      return vendedorPage.getByRole('list', { name: 'Pedidos para entregar' }).getByText(dulce);
    };
    await expect(await pendientesDelVendedor()).toHaveCount(2);

    // The courier: a wrong code, then the right one.
    const courierContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const courier = conHidratacion(await courierContext.newPage());
    await logIn(courier, repartidor);
    // The list of every ready order (the screen opens on the day's route, which
    // e2e/entrega-en-grupo.spec.ts walks through).
    await courier.goto('/delivery-orders?vista=lista');
    const tarjeta = courier.locator('article, li, [data-pedido]').filter({
      hasText: pedidoId.slice(-6),
    });
    await expect(tarjeta.first()).toBeVisible();
    const campo = tarjeta.first().getByRole('textbox');
    await campo.fill(codigo === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');
    await tarjeta
      .first()
      .getByRole('button', { name: /Confirmar/ })
      .click();
    await expect(toast(courier, 'Código incorrecto o error en la verificación')).toBeVisible();
    await campo.fill(codigo);
    await tarjeta
      .first()
      .getByRole('button', { name: /Confirmar/ })
      .click();
    await expect(toast(courier, '¡Entrega confirmada!')).toBeVisible();
    await expect(courier.getByText(pedidoId.slice(-6))).toHaveCount(0);
    await courierContext.close();

    // The shopper finds it delivered.
    await abrirMisPedidos(page);
    await page.getByRole('tab', { name: /Entregados/ }).click();
    await expect(page.getByText(dulce).first()).toBeVisible();

    // The seller's list no longer shows it: only the second shopper's is left.
    await expect(await pendientesDelVendedor()).toHaveCount(1);
    await vendedorContext.close();

    // A second group: the first shopper takes a place, an admin cancels the group.
    const mermelada = `Mermelada de higos ${sufijo}`;
    const otro = await productoNuevo(vendedor, mermelada, 5);
    await api.pagarLugares(primero, otro, 1);
    const grupoId = await api.grupoAbierto(vendedor, otro.productoId);
    const adminContext = await browser.newContext();
    const adminPage = conHidratacion(await adminContext.newPage());
    await logIn(adminPage, admin);
    await adminPage.goto('/admin/grupos');
    // The group holding the shopper's place: cancelling it opens the product's next (empty) one.
    const fila = adminPage
      .locator('article, li, tr, [data-grupo]')
      .filter({ hasText: mermelada })
      .filter({ hasText: /(^|\D)1\s*\/\s*5(\D|$)/ })
      .first();
    await expect(fila).toBeVisible();
    await fila.getByRole('button', { name: 'Cancelar grupo' }).click();
    const dialogo = adminPage.getByRole('alertdialog').or(adminPage.getByRole('dialog'));
    await expect(dialogo.getByText(/reembols/i).first()).toBeVisible();
    await dialogo.getByRole('button', { name: 'Sí, cancelar grupo' }).click();
    await expect(fila).toHaveCount(0);
    await adminContext.close();

    const grupo = await request.get(`/api/grupoDeCompra/grupoConProducto/${grupoId}`);
    expect(((await grupo.json()) as { grupo: { status: string } }).grupo.status).toBe('cancelado');
    await abrirMisPedidos(page);
    // Nothing of it goes on: it has left En curso for Cancelados (issue 32).
    await page.getByRole('tab', { name: /^Cancelados/ }).click();
    const cancelado = page.getByRole('button', { name: /Pedido #/ }).filter({
      hasText: mermelada,
    });
    await expect(cancelado.getByText('Cancelado').first()).toBeVisible();
    await cancelado.click();
    await expect(page.getByText(/Reembols/).first()).toBeVisible({ timeout: 15_000 });
  });
});
