import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectSinViolaciones } from './axe';
import { type Api, test as base, expect, type Vendedor } from './fixtures';
import { admin, type Credenciales, logIn } from './helpers';
import { freePort, startServer } from './server-process';

/**
 * Orders and groups that ended read as ended (issue 32, item 7), at 375 px, on data each test
 * makes itself:
 * - a group the product team cancels: its page (drawn on the server, then the app's) says it
 *   was cancelled and offers neither joining nor sharing, and the shopper's order leaves
 *   'En curso' for 'Cancelados';
 * - an order of three sellers whose reservation runs out with one payment approved, one
 *   rejected and one left pending: after the expiry sweep, Mis Pagos, 'Completa tus Pagos' and
 *   the payment detail all read it expired, with the refund of the approved payment, and offer
 *   no payment. Reservations last a minute on a server of the test's own (RESERVA_MINUTOS=1);
 *   the test waits until the API says the order expired, never a fixed time.
 *
 * With E2E_CAPTURAS=<dir>, each screen is also saved there at 375 and 1280 px (for review).
 */

const PAQUETE = { peso: 1, largo: 20, ancho: 15, alto: 10 };

/** The order number every screen shows ('#' and the id's last six characters, upper-cased). */
const numeroDePedido = (pedidoId: string) => `#${pedidoId.slice(-6).toUpperCase()}`;

/** Pesos the way the screens show them: '$ 1.234,50'. */
const pesos = (monto: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(monto);

const MOVIL = { width: 375, height: 740 };

/** Saves the screen at 375 and 1280 px when E2E_CAPTURAS names a folder; else nothing. */
async function capturar(page: Page, nombre: string) {
  const dir = process.env.E2E_CAPTURAS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${nombre}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(dir, `${nombre}-1280.png`), fullPage: true });
  await page.setViewportSize(MOVIL);
}

/** The suite's shared server, for what needs no short reservations. */
base.describe('a cancelled group', () => {
  base.use({ viewport: MOVIL });

  base(
    "its page says it was cancelled, with no joining or sharing; the order leaves 'En curso'",
    async ({ page, request, api, sufijo, vendedor, comprador }) => {
      base.setTimeout(180_000);
      const nombre = `Miel cancelada ${sufijo}`;
      const producto = await api.nuevoProducto(vendedor, { nombre, lugares: 10 });
      const pedidoId = await api.pagarLugares(
        comprador,
        { productoId: producto._id, tiendaId: vendedor.tiendaId },
        2,
      );
      const grupoId = await api.grupoAbierto(vendedor, producto._id);
      const cancelado = await request.post(`/api/admin/grupos/${grupoId}/cancelar`, {
        headers: (await api.sesion(admin)).auth,
      });
      expect(cancelado.status(), await cancelado.text()).toBe(200);

      // The page as the server draws it, before any script runs.
      const html = await (await request.get(`/group/${grupoId}`)).text();
      expect(html).toContain('Grupo cancelado');
      expect(html).not.toContain('Compartir Grupo');
      expect(html).not.toContain('Unirse al Grupo');
      expect(html).not.toMatch(/Faltan \d+ lugares para completar/);

      // And once the app has taken it over, for a visitor and for the shopper alike.
      await page.goto(`/group/${grupoId}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Detalle del Grupo' })).toBeVisible();
      const tarjeta = main.getByRole('region', { name: 'Grupo cancelado' });
      await expect(tarjeta).toContainText('ya no admite participantes');
      await expect(tarjeta).toContainText('Se canceló con 2 de 10 lugares ocupados.');
      await expect(main.getByText('Cancelado', { exact: true })).toBeVisible();
      await expect(main.getByText(/Faltan \d+ lugares para completar/)).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Unirse al Grupo' })).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Compartir Grupo' })).toHaveCount(0);
      await expectSinViolaciones(page);
      await capturar(page, 'grupo-cancelado');

      await logIn(page, comprador);
      await page.goto(`/group/${grupoId}`);
      await expect(page.getByRole('region', { name: 'Grupo cancelado' })).toBeVisible();
      await expect(
        page.getByRole('button', { name: /Unirse al Grupo|Completar Grupo/ }),
      ).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Compartir Grupo' })).toHaveCount(0);

      // Mis Pedidos: the cancelled order is not 'En curso' any more, but 'Cancelados'.
      await page.goto('/my-orders');
      await expect(page.getByRole('heading', { name: 'Mis Pedidos' })).toBeVisible();
      const enCurso = page.getByRole('tab', { name: /^En curso/ });
      const cancelados = page.getByRole('tab', { name: /^Cancelados/ });
      await expect(cancelados).toHaveText(/Cancelados\s*1/);
      await expect(enCurso).toHaveText(/En curso\s*0/);
      await expect(cancelados).toHaveAttribute('aria-selected', 'true');
      const tarjetaPedido = page.getByRole('button', {
        name: new RegExp(`Pedido ${numeroDePedido(pedidoId)}`),
      });
      await expect(tarjetaPedido.getByText('Cancelado').first()).toBeVisible();
      await expectSinViolaciones(page);
      await capturar(page, 'mis-pedidos-cancelados');
      await enCurso.click();
      await expect(page.getByRole('heading', { name: 'No tienes pedidos en curso' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Pedido #/ })).toHaveCount(0);
    },
  );
});

interface ServidorPropio {
  url: string;
}

/** A server of the test's own whose reservations last one minute. */
const test = base.extend<{ servidor: ServidorPropio }>({
  servidor: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cg-e2e-vencido-'));
      const port = await freePort();
      let proceso: ChildProcess | undefined;
      try {
        proceso = await startServer(port, dataDir, { RESERVA_MINUTOS: '1' });
        await use({ url: `http://127.0.0.1:${port}` });
      } finally {
        if (proceso && proceso.exitCode === null && proceso.signalCode === null) {
          const salio = new Promise((resolve) => proceso?.once('exit', resolve));
          proceso.kill('SIGTERM');
          await salio;
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Its start migrates and seeds a fresh embedded database.
    { timeout: 240_000 },
  ],
  baseURL: async ({ servidor }, use) => use(servidor.url),
});

test.use({ viewport: MOVIL });

interface EstadoPagos {
  estado: string;
  reembolsado: number;
  acciones: { pagar: boolean; cancelar: boolean };
  pagosPorVendedor: { tiendaId: string; estadoParte: string; monto: number; reembolsado: number }[];
}

async function estadoPagos(
  request: APIRequestContext,
  api: Api,
  comprador: Credenciales,
  pedidoId: string,
): Promise<EstadoPagos> {
  const res = await request.get(`/api/pedido/estadoPagos/${pedidoId}`, {
    headers: (await api.sesion(comprador)).auth,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as EstadoPagos;
}

/** One order of one unit of each product, one store each, through the checkout's calls. */
async function pedidoDeVarios(
  request: APIRequestContext,
  api: Api,
  comprador: Credenciales,
  lineas: { vendedor: Vendedor; productoId: string }[],
): Promise<string> {
  const direccionId = await api.nuevaDireccion(comprador);
  const cliente = await api.sesion(comprador);
  const envios = [];
  for (const { vendedor } of lineas) {
    const cotizacion = await request.post('/api/envio/cotizar-previo', {
      headers: cliente.auth,
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
    envios.push({
      tiendaId: vendedor.tiendaId,
      carrier: opcion.carrier,
      servicio: opcion.servicio,
    });
  }
  const pedido = await request.post('/api/pago/crearPreferencia', {
    headers: (await api.sesion(comprador)).auth,
    data: {
      productos: lineas.map(({ productoId }) => ({ productoId, cantidadSolicitada: 1 })),
      usuarioId: cliente.userId,
      direccionId,
      telefono: '+54 11 5555-0000',
      paquete: PAQUETE,
      envios,
    },
  });
  expect(pedido.status(), await pedido.text()).toBe(201);
  return ((await pedido.json()) as { pedidoId: string }).pedidoId;
}

/** One seller's payment of the order on the sandbox's checkout page: approve, reject, leave pending. */
async function pagarEnSandbox(
  request: APIRequestContext,
  api: Api,
  comprador: Credenciales,
  pedidoId: string,
  tiendaId: string,
  accion: 'aprobar' | 'rechazar' | 'pendiente',
) {
  const link = await request.get(`/api/pedido/linkPago/${pedidoId}/${tiendaId}`, {
    headers: (await api.sesion(comprador)).auth,
  });
  expect(link.status(), await link.text()).toBe(200);
  const { init_point } = (await link.json()) as { init_point: string };
  const pagado = await request.post('/api/sandbox/mercadopago/checkout', {
    form: { pref_id: new URL(init_point).searchParams.get('pref_id') ?? '', accion },
    maxRedirects: 0,
  });
  expect(pagado.status(), await pagado.text()).toBe(302);
}

test('an expired order (one payment approved and refunded, one rejected, one pending) reads expired everywhere, with the refund', async ({
  page,
  request,
  api,
  sufijo,
  comprador,
}) => {
  test.setTimeout(420_000);
  const [a, b, c] = await Promise.all([
    api.nuevoVendedor({ nombre: `Almacén A ${sufijo}` }),
    api.nuevoVendedor({ nombre: `Almacén B ${sufijo}` }),
    api.nuevoVendedor({ nombre: `Almacén C ${sufijo}` }),
  ]);
  const lineas = [];
  for (const vendedor of [a, b, c]) {
    const producto = await api.nuevoProducto(vendedor, {
      nombre: `Yerba ${vendedor.tiendaNombre}`,
    });
    lineas.push({ vendedor, productoId: producto._id });
  }
  const pedidoId = await pedidoDeVarios(request, api, comprador, lineas);
  await pagarEnSandbox(request, api, comprador, pedidoId, a.tiendaId, 'aprobar');
  await pagarEnSandbox(request, api, comprador, pedidoId, b.tiendaId, 'rechazar');
  await pagarEnSandbox(request, api, comprador, pedidoId, c.tiendaId, 'pendiente');

  // The reservation runs out within a minute, and the sweep (once a minute) releases it and
  // gives back the approved payment: wait until the API says so.
  await expect
    .poll(
      async () => {
        const estado = await estadoPagos(request, api, comprador, pedidoId);
        return `${estado.estado} ${estado.reembolsado > 0 ? 'con reembolso' : 'sin reembolso'}`;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe('vencido con reembolso');
  const estado = await estadoPagos(request, api, comprador, pedidoId);
  expect(estado.acciones).toEqual({ pagar: false, cancelar: false });
  const partes = new Map(estado.pagosPorVendedor.map((p) => [p.tiendaId, p]));
  expect(partes.get(a.tiendaId)?.estadoParte).toBe('reembolsada');
  expect(partes.get(b.tiendaId)?.estadoParte).toBe('vencido');
  expect(partes.get(c.tiendaId)?.estadoParte).toBe('vencido');
  const reembolso = pesos(estado.reembolsado);

  await logIn(page, comprador);

  // Mis Pagos: 'Vencido' with its refund; not counted to pay, no 'Pagar'.
  await page.goto('/my-payments');
  const item = page.getByRole('article', { name: `Pedido ${numeroDePedido(pedidoId)}` });
  await expect(item.getByText('Vencido', { exact: true })).toBeVisible();
  await expect(item.getByText('Pendiente', { exact: true })).toHaveCount(0);
  await expect(item.getByTestId('reembolso-pedido')).toHaveText(`Reembolsado ${reembolso}`);
  await expect(item.getByRole('link', { name: 'Pagar' })).toHaveCount(0);
  await expect(page.getByTestId('resumen-pagos')).not.toContainText('por pagar');
  await capturar(page, 'mis-pagos-vencido');

  // The payments page: expired, not 'Completa tus Pagos'; every store reads it.
  await page.goto(`/multi-payment-checkout?pedidoId=${pedidoId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido vencido' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completa tus Pagos' })).toHaveCount(0);
  const aviso = page.getByRole('region', { name: 'Pedido vencido' });
  await expect(aviso.getByTestId('reembolso-vencido')).toContainText(`Te devolvemos ${reembolso}`);
  const tarjeta = (v: Vendedor) => page.getByRole('article', { name: v.tiendaNombre });
  await expect(tarjeta(a).getByText('Reembolsado', { exact: true })).toBeVisible();
  await expect(tarjeta(a).getByTestId('reembolso-pago')).toHaveText(`Reembolsado ${reembolso}`);
  for (const v of [b, c]) {
    await expect(tarjeta(v).getByText('Vencido', { exact: true })).toBeVisible();
    await expect(tarjeta(v).getByText('Pendiente de acreditación')).toHaveCount(0);
  }
  await expect(
    page.getByRole('button', { name: /Pagar|Reintentar pago|Cancelar pedido/ }),
  ).toHaveCount(0);
  await expectSinViolaciones(page);
  await capturar(page, 'completa-tus-pagos-vencido');

  // The payment detail says the same.
  await page.goto(`/payment-detail/${pedidoId}`);
  await expect(page.getByRole('region', { name: 'Pedido vencido' })).toBeVisible();
  await expect(tarjeta(c).getByText('Vencido', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Completar pagos' })).toHaveCount(0);
  await capturar(page, 'detalle-pago-vencido');
});
