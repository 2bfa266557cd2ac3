import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TIPO_NOTIFICAR_SANDBOX } from '../../adapters/payments/sandbox-notificaciones';
import { pagosPorVendedor, pagosProveedor, pedidoLineas, trabajos } from '../../db/schema';
import { compradorConDireccion, crearPreferencia, pedidoDePrueba } from '../../test/pedido-helpers';
import { crearProducto, vendedorConTienda } from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { vincularCuentaDePrueba } from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';

/** A port free on the loopback interface right now. */
const puertoLibre = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

let t: TestApp;
let base: string;

beforeAll(async () => {
  const port = await puertoLibre();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

it('approving on the sandbox checkout page ends with the payment approved (notification over loopback)', async () => {
  const [vendedor, comprador] = await Promise.all([vendedorConTienda(t), compradorConDireccion(t)]);
  await vincularCuentaDePrueba(t.database.db, {
    usuarioId: vendedor.userId,
    tiendaId: vendedor.tiendaId,
  });
  const producto = await crearProducto(t, vendedor, { stock: '5', precio: '1500' });
  const body = await pedidoDePrueba(
    t,
    comprador,
    [{ productoId: producto._id, cantidadSolicitada: 2 }],
    [vendedor.tiendaId],
  );
  const creado = await crearPreferencia(t, comprador, body);
  expect(creado.statusCode, creado.body).toBe(201);
  const { pedidoId } = creado.json() as { pedidoId: string };

  // The shopper's browser, over real HTTP: the link, the page, the button.
  const link = await fetch(`${base}/api/pedido/linkPago/${pedidoId}/${vendedor.tiendaId}`, {
    headers: comprador.auth,
  });
  expect(link.status).toBe(200);
  const { init_point } = (await link.json()) as { init_point: string };
  expect(init_point.startsWith(`${base}/api/sandbox/mercadopago/checkout?pref_id=`)).toBe(true);
  const pagina = await fetch(init_point);
  const html = await pagina.text();
  expect(html).toContain('Modo de prueba');
  expect(html).toContain(`${producto.nombre} × 2`);
  const prefId = new URL(init_point).searchParams.get('pref_id') as string;
  const enviado = await fetch(`${base}/api/sandbox/mercadopago/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pref_id: prefId, accion: 'aprobar' }).toString(),
    redirect: 'manual',
  });
  expect(enviado.status).toBe(302);
  const vuelta = new URL(enviado.headers.get('location') as string);
  expect(vuelta.pathname).toBe('/success');
  expect(vuelta.searchParams.get('status')).toBe('approved');
  expect(vuelta.searchParams.get('external_reference')).toBe(pedidoId);
  expect(vuelta.searchParams.get('preference_id')).toBe(prefId);
  const paymentId = vuelta.searchParams.get('payment_id') as string;

  // The sandbox notified the app's webhook before redirecting.
  const [pago] = await t.database.db
    .select()
    .from(pagosPorVendedor)
    .where(eq(pagosPorVendedor.pedidoId, pedidoId));
  expect(pago).toMatchObject({ estado: 'aprobado', proveedorPagoId: paymentId });
  const [registro] = await t.database.db
    .select()
    .from(pagosProveedor)
    .where(eq(pagosProveedor.proveedorPagoId, paymentId));
  expect(registro?.estado).toBe('aprobado');
  const lineas = await t.database.db
    .select()
    .from(pedidoLineas)
    .where(eq(pedidoLineas.pedidoId, pedidoId));
  expect(lineas.map((l) => l.reserva)).toEqual(['vendido']);

  // The same notification again, later, from the jobs table: acknowledged, applied once.
  await t.app.jobs.enqueue(t.database.db, {
    tipo: TIPO_NOTIFICAR_SANDBOX,
    payload: { pagoId: paymentId },
    clave: `prueba:${paymentId}`,
  });
  await t.app.jobs.runDue();
  const [trabajo] = await t.database.db
    .select()
    .from(trabajos)
    .where(eq(trabajos.clave, `prueba:${paymentId}`));
  expect(trabajo?.estado).toBe('hecho');
  expect(
    (
      await t.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedidoId))
    ).map((l) => l.reserva),
  ).toEqual(['vendido']);

  const estado = await fetch(`${base}/api/pedido/estadoPagos/${pedidoId}`, {
    headers: comprador.auth,
  });
  expect(
    ((await estado.json()) as { estadisticas: { aprobados: number } }).estadisticas.aprobados,
  ).toBe(1);
});
