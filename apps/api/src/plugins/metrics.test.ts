import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookSecret } from '../adapters/payments/payments-from-config';
import { createTestClock } from '../lib/clock';
import { createPrometheusMetrics } from '../metrics/prometheus-metrics';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../modules/mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import {
  compradorConDireccion,
  crearPreferencia,
  pagarEnSandbox,
  pedidoDePrueba,
} from '../test/pedido-helpers';
import { crearProducto, vendedorConTienda } from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerMetrics } from './metrics';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /metrics', () => {
  it('serves Prometheus text: durations by route pattern, pool, outbox, jobs, sockets, payments, event loop', async () => {
    t = await createTestApp();
    const vendedor = await vendedorConTienda(t);
    const producto = await crearProducto(t, vendedor);
    await t.app.inject({ url: `/api/producto/${producto._id}` });
    t.app.metrics.port.pagoAplicado('aprobado');
    t.app.metrics.port.reembolsoFallido();
    await t.app.jobs.runDue();
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    console.log(
      text
        .split('\n')
        .filter((line) =>
          /^(http_request\w*_count|compra_grupal|nodejs_eventloop_lag_(p99_)?seconds)/.test(line),
        )
        .slice(0, 60)
        .join('\n'),
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/producto\/:productoId",status_code="200"\} 1/,
    );
    expect(text).not.toContain(producto._id);
    expect(text).toMatch(/compra_grupal_pagos_total\{resultado="aprobado"\} 1/);
    expect(text).toMatch(/compra_grupal_pagos_total\{resultado="rechazado"\} 0/);
    expect(text).toMatch(/compra_grupal_reembolsos_fallidos_total 1/);
    // The app is not listening, so its outbox publisher has not run: the events wait.
    const pendientes = Number(/compra_grupal_outbox_pendientes (\d+)/.exec(text)?.[1]);
    const antiguedad = Number(
      /compra_grupal_outbox_antiguedad_segundos ([\d.e-]+)/.exec(text)?.[1],
    );
    expect(pendientes).toBeGreaterThan(0);
    expect(antiguedad).toBeGreaterThan(0);
    expect(text).toMatch(/compra_grupal_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/compra_grupal_sockets_conectados 0/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('counts a payment approved through the checkout and the provider notification', async () => {
    const clock = createTestClock();
    t = await createTestApp({}, { clock });
    const vendedor = await vendedorConTienda(t);
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
      { clock },
    );
    const secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
    const productoId = (await crearProducto(t, vendedor, { stock: '10' }))._id;
    const comprador = await compradorConDireccion(t);
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    const pedido = await crearPreferencia(t, comprador, body);
    expect(pedido.statusCode, pedido.body).toBe(201);
    await pagarEnSandbox(t, comprador, pedido.json().pedidoId, vendedor.tiendaId, {
      secreto,
      ahora: () => clock.now(),
    });
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(/compra_grupal_pagos_total\{resultado="aprobado"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/pago\/webhook",status_code="200"\} 1/,
    );
  });

  it('counts background jobs by type and result', async () => {
    const metrics = createPrometheusMetrics();
    metrics.port.trabajoTerminado('reembolsos', 'hecho');
    metrics.port.trabajoTerminado('reembolsos', 'fallido');
    const text = await metrics.render();
    expect(text).toMatch(/compra_grupal_trabajos_total\{tipo="reembolsos",resultado="hecho"\} 1/);
    expect(text).toMatch(/compra_grupal_trabajos_total\{tipo="reembolsos",resultado="fallido"\} 1/);
  });

  it('with METRICS_TOKEN asks for it as a Bearer token', async () => {
    t = await createTestApp({ METRICS_TOKEN: 'token-de-metricas-123456' });
    const sinToken = await t.app.inject({ url: '/metrics' });
    expect(sinToken.statusCode).toBe(401);
    expect(sinToken.json().code).toBe('TOKEN_AUSENTE');
    const otro = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer otro-token-cualquiera-1234' },
    });
    expect(otro.statusCode).toBe(401);
    expect(otro.json().code).toBe('TOKEN_INVALIDO');
    const bien = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer token-de-metricas-123456' },
    });
    expect(bien.statusCode).toBe(200);
  });

  it('in production without METRICS_TOKEN it is not served', async () => {
    const app = Fastify();
    registerMetrics(app, createPrometheusMetrics(), { token: undefined, production: true });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    await app.close();
  });

  it('is not in the OpenAPI document', async () => {
    t = await createTestApp({ OPENAPI_ENABLED: 'true' });
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/metrics');
    expect(Object.keys(document.paths)).toContain('/api/health/ready');
  });
});
