import type { APIRequestContext, Page } from '@playwright/test';
import { type Api, expect, test, type Vendedor } from './fixtures';
import { admin, type Credenciales, logIn, type Sesion, sesionPorApi, toast } from './helpers';

/**
 * The screens tell the truth about an order's lifecycle (issue 21), on a fresh app with its
 * embedded defaults. A seller of the test's own (a store made through the API, Mercado Pago
 * linked on the sandbox's consent form, enabled by an admin) sells a product in groups; a fresh
 * shopper:
 * - leaves a payment pending on the sandbox's checkout page ('Dejar pendiente'): the return
 *   says 'Tu pago está pendiente de acreditación', never '¡Pago exitoso!', and the seller's
 *   card says 'Pendiente de acreditación' with no button to pay again;
 * - pays a place in a group that an admin then cancels: Mis Pagos and the payment detail show
 *   the refund the API reports.
 */
const PAQUETE = { peso: 1, largo: 20, ancho: 15, alto: 10 };

const auth = (s: Sesion) => s.auth;
/** Access tokens of the e2e server live 40 s: each step signs in again. */
const sesion = (request: APIRequestContext, credenciales: Credenciales) =>
  sesionPorApi(request, credenciales);

/** The order number every screen shows ('#' and the id's last six characters, upper-cased). */
const numeroDePedido = (pedidoId: string) => `#${pedidoId.slice(-6).toUpperCase()}`;

/** Pesos the way the screens show them: '$ 1.234,50'. */
const pesos = (monto: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(monto);

/** A product of the seller's store on sale in groups of `lugares`. */
async function productoNuevo(
  api: Api,
  vendedor: Vendedor,
  nombre: string,
  lugares: number,
): Promise<string> {
  return (await api.nuevoProducto(vendedor, { nombre, lugares, precio: 2500 }))._id;
}

/** A shopper's order of one place of the product (checkout through the API), still unpaid. */
async function pedidoSinPagar(
  request: APIRequestContext,
  api: Api,
  comprador: Credenciales,
  vendedor: Vendedor,
  productoId: string,
): Promise<string> {
  const direccionId = await api.nuevaDireccion(comprador);
  const cliente = await sesion(request, comprador);
  const cotizacion = await request.post('/api/envio/cotizar-previo', {
    headers: auth(cliente),
    data: {
      tiendaId: vendedor.tiendaId,
      direccionDestinoId: direccionId,
      clienteInfo: { nombre: 'Comprador', telefono: '+54 11 5555-0000', email: comprador.email },
      paquete: PAQUETE,
    },
  });
  expect(cotizacion.status(), await cotizacion.text()).toBe(200);
  const [opcion] = (
    (await cotizacion.json()) as { opciones: { carrier: string; servicio: string }[] }
  ).opciones;
  if (!opcion) throw new Error('Sin opciones de envío');
  const pedido = await request.post('/api/pago/crearPreferencia', {
    headers: auth(cliente),
    data: {
      productos: [{ productoId, cantidadSolicitada: 1 }],
      usuarioId: cliente.userId,
      direccionId,
      telefono: '+54 11 5555-0000',
      paquete: PAQUETE,
      envios: [{ tiendaId: vendedor.tiendaId, carrier: opcion.carrier, servicio: opcion.servicio }],
    },
  });
  expect(pedido.status(), await pedido.text()).toBe(201);
  return ((await pedido.json()) as { pedidoId: string }).pedidoId;
}

interface EstadoPagos {
  pagosPorVendedor: { tiendaId: string; estadoParte: string; monto: number; reembolsado: number }[];
  estadisticas: { porcentajeCompletado: number };
}

async function estadoPagos(request: APIRequestContext, comprador: Credenciales, pedidoId: string) {
  const res = await request.get(`/api/pedido/estadoPagos/${pedidoId}`, {
    headers: auth(await sesion(request, comprador)),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as EstadoPagos;
}

async function abrirPagos(page: Page, pedidoId: string) {
  await page.goto(`/multi-payment-checkout?pedidoId=${pedidoId}`);
  await expect(page.getByRole('heading', { name: 'Completa tus Pagos' })).toBeVisible();
}

test.describe('payment states on screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("'Dejar pendiente' returns as pending: no success, no second payment; a cancelled group's refund shows in Mis Pagos and the detail", async ({
    page,
    request,
    api,
    sufijo,
    vendedor,
    comprador,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, comprador);

    // 1. A payment left pending on the sandbox's checkout page.
    const yerba = await productoNuevo(api, vendedor, `Yerba pendiente ${sufijo}`, 5);
    const pendiente = await pedidoSinPagar(request, api, comprador, vendedor, yerba);
    await abrirPagos(page, pendiente);
    await expect(
      page.getByText(`Tu pedido ${numeroDePedido(pendiente)} se paga por separado`),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Pagar / }).click();
    await expect(page.getByText('Modo de prueba').first()).toBeVisible();
    await page.getByRole('button', { name: 'Dejar pendiente' }).click();

    await expect(toast(page, 'Tu pago está pendiente de acreditación')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/multi-payment-checkout\\?pedidoId=${pendiente}$`));
    await expect(
      page.getByRole('main').getByText('Tu pago está pendiente de acreditación'),
    ).toBeVisible();
    const tarjeta = page.getByRole('article', { name: vendedor.tiendaNombre });
    await expect(tarjeta.getByText('Pendiente de acreditación')).toBeVisible({ timeout: 15_000 });
    await expect(tarjeta.getByRole('button')).toHaveCount(0);
    await expect(tarjeta.getByText('Rechazado')).toHaveCount(0);
    await expect(page.getByText('¡Pago exitoso!')).toHaveCount(0);
    const [parte] = (await estadoPagos(request, comprador, pendiente)).pagosPorVendedor;
    expect(parte?.estadoParte).toBe('en_acreditacion');

    // 2. A place paid in a group the product team cancels: the refund shows where money is.
    const dulce = await productoNuevo(api, vendedor, `Dulce cancelado ${sufijo}`, 5);
    const pagado = await pedidoSinPagar(request, api, comprador, vendedor, dulce);
    await abrirPagos(page, pagado);
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(toast(page, '¡Pago exitoso!')).toBeVisible();
    await expect(page.getByText('100,0 %').first()).toBeVisible({ timeout: 15_000 });

    const grupos = await request.get(`/api/grupoDeCompra/gruposAbiertos/producto/${dulce}`, {
      headers: auth(await sesion(request, vendedor.credenciales)),
    });
    const [grupo] = ((await grupos.json()) as { grupos: { _id: string }[] }).grupos;
    if (!grupo) throw new Error('El producto no tiene un grupo abierto');
    const cancelado = await request.post(`/api/admin/grupos/${grupo._id}/cancelar`, {
      headers: auth(await sesion(request, admin)),
    });
    expect(cancelado.status(), await cancelado.text()).toBe(200);

    // What the API says was given back, once the refund is recorded.
    await expect
      .poll(
        async () =>
          (await estadoPagos(request, comprador, pagado)).pagosPorVendedor[0]?.reembolsado ?? 0,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const [reembolsada] = (await estadoPagos(request, comprador, pagado)).pagosPorVendedor;
    if (!reembolsada) throw new Error('El pedido no tiene pagos');

    await page.goto('/my-payments');
    const pedido = page.getByRole('article', { name: `Pedido ${numeroDePedido(pagado)}` });
    await expect(pedido).toBeVisible();
    const textoReembolso =
      reembolsada.estadoParte === 'reembolsada'
        ? `Reembolsado ${pesos(reembolsada.reembolsado)}`
        : `Reembolso parcial ${pesos(reembolsada.reembolsado)}`;
    await expect(pedido.getByTestId('reembolso-pedido')).toHaveText(textoReembolso);
    await expect(page.getByTestId('resumen-pagos')).toContainText('1 con reembolso');

    await pedido.getByRole('link', { name: 'Ver Detalle' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-detail/${pagado}$`));
    await expect(page.getByText(`Pedido ${numeroDePedido(pagado)}`)).toBeVisible();
    const detalle = page.getByRole('article', { name: vendedor.tiendaNombre });
    await expect(detalle.getByTestId('reembolso-pago')).toHaveText(
      reembolsada.estadoParte === 'reembolsada'
        ? `Reembolsado ${pesos(reembolsada.reembolsado)}`
        : `Reembolsado ${pesos(reembolsada.reembolsado)} de ${pesos(reembolsada.monto)}`,
    );
  });
});
