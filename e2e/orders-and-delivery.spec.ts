import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import {
  type Credenciales,
  grupoAbiertoDe,
  logIn,
  nuevoComprador,
  repartidor,
  sesionPorApi,
  toast,
} from './helpers';

/**
 * Orders and delivery (issue 14) on a fresh app with its embedded defaults. The Córdoba seller
 * (Almacén Serrano, which other journeys only read) puts a product on sale in groups of 3; two
 * fresh shoppers pay for places (through the API and the sandbox, as the checkout journey
 * covers the screens) until the group fills; the first shopper's Mis Pedidos moves the order
 * from En curso to Completados live and shows the code; the courier enters a wrong code, then
 * the right one; the order is in Entregados and the seller's list no longer shows it. A second
 * group is cancelled by an admin, and its shopper sees the refund.
 */
const vendedor = { email: 'vendedor10@compragrupal.com.ar', contrasenia: 'demo1234' };
const admin = { email: 'admin@compragrupal.com.ar', contrasenia: 'demo1234' };
const PAQUETE = { peso: 1.5, largo: 30, ancho: 20, alto: 15 };

type Sesion = Awaited<ReturnType<typeof sesionPorApi>>;
const auth = (s: Sesion) => ({ authorization: `Bearer ${s.accessToken}` });

async function fotoPng() {
  return sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 190, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
}

/** A product of the Córdoba store on sale in groups of `lugares`. */
async function productoNuevo(request: APIRequestContext, nombre: string, lugares: number) {
  const sesion = await sesionPorApi(request, vendedor);
  const tienda = await request.get(`/api/tienda/por-usuario/${sesion.userId}`, {
    headers: auth(sesion),
  });
  const tiendaId = ((await tienda.json()) as { tienda: { _id: string } }).tienda._id;
  const res = await request.post('/api/producto/crear', {
    headers: auth(sesion),
    multipart: {
      vendedorId: sesion.userId,
      tiendaId,
      nombre,
      descripcion: 'Para las pruebas de entrega',
      precio: '1500',
      stock: '100',
      cantidadTotalGrupo: String(lugares),
      categoriaLocalId: '[]',
      imagen: { name: 'foto.png', mimeType: 'image/png', buffer: await fotoPng() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { producto } = (await res.json()) as { producto: { _id: string } };
  return { productoId: producto._id, tiendaId, vendedor: sesion };
}

/** A fresh shopper pays `cantidad` places of the product: checkout, then approval on the sandbox. */
async function pagarLugares(
  request: APIRequestContext,
  comprador: Credenciales,
  producto: { productoId: string; tiendaId: string },
  cantidad: number,
): Promise<string> {
  const sesion = await sesionPorApi(request, comprador);
  const direccion = await request.post(`/api/direccion/${sesion.userId}`, {
    headers: auth(sesion),
    data: {
      direccion: 'Av. Colón 1200',
      latitud: -31.4135,
      longitud: -64.1981,
      codigoPostal: 'X5000',
      provincia: 'Córdoba',
      ciudad: 'Córdoba',
      departamento: '2 A',
      descripcion: 'Portón verde',
    },
  });
  expect(direccion.status(), await direccion.text()).toBe(201);
  const direccionId = ((await direccion.json()) as { direccion: { _id: string } }).direccion._id;
  const cotizacion = await request.post('/api/envio/cotizar-previo', {
    headers: auth(sesion),
    data: {
      tiendaId: producto.tiendaId,
      direccionDestinoId: direccionId,
      clienteInfo: { nombre: 'Comprador', telefono: '+54 351 555-0000', email: comprador.email },
      paquete: PAQUETE,
    },
  });
  expect(cotizacion.status(), await cotizacion.text()).toBe(200);
  const [opcion] = (
    (await cotizacion.json()) as { opciones: { carrier: string; servicio: string }[] }
  ).opciones;
  if (!opcion) throw new Error('Sin opciones de envío');
  const pedido = await request.post('/api/pago/crearPreferencia', {
    headers: auth(sesion),
    data: {
      productos: [{ productoId: producto.productoId, cantidadSolicitada: cantidad }],
      usuarioId: sesion.userId,
      direccionId,
      telefono: '+54 351 555-0000',
      paquete: PAQUETE,
      envios: [{ tiendaId: producto.tiendaId, carrier: opcion.carrier, servicio: opcion.servicio }],
    },
  });
  expect(pedido.status(), await pedido.text()).toBe(201);
  const { pedidoId } = (await pedido.json()) as { pedidoId: string };
  const link = await request.get(`/api/pedido/linkPago/${pedidoId}/${producto.tiendaId}`, {
    headers: auth(sesion),
  });
  expect(link.status(), await link.text()).toBe(200);
  const prefId = new URL(
    ((await link.json()) as { init_point: string }).init_point,
  ).searchParams.get('pref_id');
  const pago = await request.post('/api/sandbox/mercadopago/checkout', {
    form: { pref_id: prefId ?? '', accion: 'aprobar' },
    maxRedirects: 0,
  });
  expect(pago.status(), await pago.text()).toBe(302);
  // The sandbox notifies the app; the order is approved once that notification is applied.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/pedido/estadoPagos/${pedidoId}`, {
        headers: auth(sesion),
      });
      return ((await res.json()) as { estadisticas: { porcentajeCompletado: number } }).estadisticas
        .porcentajeCompletado;
    })
    .toBe(100);
  return pedidoId;
}

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
  }) => {
    test.setTimeout(180_000);
    const producto = await productoNuevo(request, 'Dulce de leche de campo', 3);
    const primero = await nuevoComprador(request);
    const segundo = await nuevoComprador(request);

    const pedidoId = await pagarLugares(request, primero, producto, 1);
    await logIn(page, primero);
    await abrirMisPedidos(page);
    const enCurso = page.getByRole('tab', { name: /En curso/ });
    await enCurso.click();
    await expect(page.getByText('Dulce de leche de campo').first()).toBeVisible();

    // The second shopper takes the last two places: the group fills, live.
    await pagarLugares(request, segundo, producto, 2);
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
    const vendedorPage = await vendedorContext.newPage();
    await logIn(vendedorPage, vendedor);
    const pendientesDelVendedor = async () => {
      await vendedorPage.goto('/my-store');
      await vendedorPage.getByRole('button', { name: /Pedidos para entregar/ }).click();
      await expect(
        vendedorPage.getByRole('heading', { name: 'Pedidos para entregar' }),
      ).toBeVisible();
      await expect(vendedorPage.getByText(/pendiente/).first()).toBeVisible();
      return vendedorPage.getByText('Dulce de leche de campo');
    };
    await expect(await pendientesDelVendedor()).toHaveCount(2);

    // The courier: a wrong code, then the right one.
    const courierContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const courier = await courierContext.newPage();
    await logIn(courier, repartidor);
    await courier.goto('/delivery-orders');
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
    await expect(page.getByText('Dulce de leche de campo').first()).toBeVisible();

    // The seller's list no longer shows it: only the second shopper's is left.
    await expect(await pendientesDelVendedor()).toHaveCount(1);
    await vendedorContext.close();

    // A second group: the first shopper takes a place, an admin cancels the group.
    const otro = await productoNuevo(request, 'Mermelada de higos', 5);
    await pagarLugares(request, primero, otro, 1);
    const grupoId = await grupoAbiertoDe(request, otro.vendedor.accessToken, otro.productoId);
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, admin);
    await adminPage.goto('/admin/grupos');
    // The group holding the shopper's place: cancelling it opens the product's next (empty) one.
    const fila = adminPage
      .locator('article, li, tr, [data-grupo]')
      .filter({ hasText: 'Mermelada de higos' })
      .filter({ hasText: /(^|\D)1\s*\/\s*5(\D|$)/ })
      .first();
    await expect(fila).toBeVisible();
    await fila.getByRole('button', { name: 'Cancelar grupo' }).click();
    const dialogo = adminPage.getByRole('alertdialog').or(adminPage.getByRole('dialog'));
    await expect(dialogo.getByText(/reembols/i).first()).toBeVisible();
    await dialogo.getByRole('button', { name: 'Sí, cancelar grupo' }).click();
    await expect(fila).toHaveCount(0, { timeout: 10_000 });
    await adminContext.close();

    const grupo = await request.get(`/api/grupoDeCompra/grupoConProducto/${grupoId}`);
    expect(((await grupo.json()) as { grupo: { status: string } }).grupo.status).toBe('cancelado');
    await abrirMisPedidos(page);
    const cancelado = page.getByRole('button', { name: /Pedido #/ }).filter({
      hasText: 'Mermelada de higos',
    });
    await expect(cancelado.getByText('Cancelado').first()).toBeVisible();
    await cancelado.click();
    await expect(page.getByText(/Reembols/).first()).toBeVisible({ timeout: 15_000 });
  });
});
