import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { webhookSecret } from '../adapters/payments/payments-from-config';
import { eventosSalientes } from '../db/schema';
import { createTestClock } from '../lib/clock';
import { createPrometheusMetrics, PLAZO_DE_LECTURA_MS } from '../metrics/prometheus-metrics';
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

  it('gauges the jobs queue by type and state, and how long the most overdue pending job waited', async () => {
    const clock = createTestClock();
    t = await createTestApp({}, { clock });
    const app = t.app;
    let empezo: () => void = () => undefined;
    const corriendo = new Promise<void>((resolve) => {
      empezo = resolve;
    });
    let terminar: () => void = () => undefined;
    const terminado = new Promise<void>((resolve) => {
      terminar = resolve;
    });
    app.jobs.register('prueba-metricas', z.object({ n: z.number() }), async ({ n }) => {
      if (n !== 0) return;
      empezo();
      await terminado;
    });
    const ahora = clock.now().getTime();
    const encolar = (n: number, desdeMs: number) =>
      app.jobs.enqueue(app.database.db, {
        tipo: 'prueba-metricas',
        payload: { n },
        ejecutarDesde: new Date(ahora + desdeMs),
      });
    const scrape = async () => (await app.inject({ url: '/metrics' })).body;
    const serie = (text: string, nombre: string, etiquetas: string) =>
      Number(new RegExp(`^${nombre}\\{${etiquetas}\\} (\\S+)$`, 'm').exec(text)?.[1]);

    // One job running (its handler waits), then two overdue and one for later.
    await encolar(0, 0);
    const ronda = app.jobs.runDue();
    await corriendo;
    await encolar(1, -90_000);
    await encolar(2, -30_000);
    await encolar(3, 3_600_000);
    const text = await scrape();
    expect(
      serie(text, 'compra_grupal_trabajos_en_cola', 'tipo="prueba-metricas",estado="pendiente"'),
    ).toBe(3);
    expect(
      serie(text, 'compra_grupal_trabajos_en_cola', 'tipo="prueba-metricas",estado="en_curso"'),
    ).toBe(1);
    expect(
      serie(text, 'compra_grupal_trabajos_antiguedad_segundos', 'tipo="prueba-metricas"'),
    ).toBe(90);
    // Every registered type is there, at 0 when nothing of it waits.
    expect(text).toMatch(
      /compra_grupal_trabajos_en_cola\{tipo="correo\.enviar",estado="pendiente"\} 0/,
    );

    terminar();
    await ronda;
    const despues = await scrape();
    expect(
      serie(despues, 'compra_grupal_trabajos_en_cola', 'tipo="prueba-metricas",estado="pendiente"'),
    ).toBe(1);
    expect(
      serie(despues, 'compra_grupal_trabajos_en_cola', 'tipo="prueba-metricas",estado="en_curso"'),
    ).toBe(0);
    expect(
      serie(despues, 'compra_grupal_trabajos_antiguedad_segundos', 'tipo="prueba-metricas"'),
    ).toBe(0);
    expect(despues).toMatch(
      /compra_grupal_trabajos_total\{tipo="prueba-metricas",resultado="hecho"\} 3/,
    );
  });

  it("observes each published event's delay from its write to its emit", async () => {
    t = await createTestApp();
    const vendedor = await vendedorConTienda(t);
    await crearProducto(t, vendedor);
    // The events wait (the app is not listening, so its publisher has not run); they are made
    // 7 s old on the database's clock.
    await t.database.db.execute(
      sql`UPDATE ${eventosSalientes} SET creado_en = clock_timestamp() - interval '7 seconds'`,
    );
    const [{ pendientes } = { pendientes: 0 }] = await t.database.db
      .select({ pendientes: sql<number>`count(*)::int` })
      .from(eventosSalientes);
    expect(Number(pendientes)).toBeGreaterThan(0);
    const antes = (await t.app.inject({ url: '/metrics' })).body;
    expect(antes).toMatch(/^compra_grupal_outbox_demora_segundos_count 0$/m);

    await t.app.outbox.publishPending();
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(
      new RegExp(`^compra_grupal_outbox_demora_segundos_count ${Number(pendientes)}$`, 'm'),
    );
    expect(text).toMatch(/^compra_grupal_outbox_demora_segundos_bucket\{le="5"\} 0$/m);
    expect(text).toMatch(
      new RegExp(
        `^compra_grupal_outbox_demora_segundos_bucket\\{le="10"\\} ${Number(pendientes)}$`,
        'm',
      ),
    );
    const suma = Number(/^compra_grupal_outbox_demora_segundos_sum (\S+)$/m.exec(text)?.[1]);
    expect(suma).toBeGreaterThanOrEqual(7 * Number(pendientes));
  });

  it('answers within PLAZO_DE_LECTURA_MS when the database does not, the gauges as they were', async () => {
    const metrics = createPrometheusMetrics();
    const cola = [{ tipo: 'correo.enviar', pendientes: 4, enCurso: 1, antiguedadSegundos: 12 }];
    let responde = true;
    metrics.sources.trabajos = () => (responde ? Promise.resolve(cola) : new Promise(() => {}));
    metrics.sources.outbox = () =>
      responde ? Promise.resolve({ pendientes: 2, antiguedadSegundos: 3 }) : new Promise(() => {});
    await metrics.render();
    responde = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let text: string | undefined;
      const scrape = metrics.render().then((body) => {
        text = body;
      });
      await vi.advanceTimersByTimeAsync(PLAZO_DE_LECTURA_MS - 1);
      expect(text).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await scrape;
      expect(text).toMatch(
        /^compra_grupal_trabajos_en_cola\{tipo="correo\.enviar",estado="pendiente"\} 4$/m,
      );
      expect(text).toMatch(
        /^compra_grupal_trabajos_antiguedad_segundos\{tipo="correo\.enviar"\} 12$/m,
      );
      expect(text).toMatch(/^compra_grupal_outbox_pendientes 2$/m);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the page cache: hits, misses and pages dropped by why', async () => {
    const metrics = createPrometheusMetrics();
    metrics.port.paginaConsultada('acierto');
    metrics.port.paginaConsultada('fallo');
    metrics.port.paginaConsultada('fallo');
    metrics.port.paginaDescartada('capacidad');
    const text = await metrics.render();
    expect(text).toMatch(/^compra_grupal_cache_paginas_total\{resultado="acierto"\} 1$/m);
    expect(text).toMatch(/^compra_grupal_cache_paginas_total\{resultado="fallo"\} 2$/m);
    expect(text).toMatch(
      /^compra_grupal_cache_paginas_descartadas_total\{motivo="capacidad"\} 1$/m,
    );
    expect(text).toMatch(/^compra_grupal_cache_paginas_descartadas_total\{motivo="evento"\} 0$/m);
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
