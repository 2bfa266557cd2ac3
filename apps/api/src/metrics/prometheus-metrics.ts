import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsPort } from './metrics.port';

/**
 * The process's own metrics (event loop lag, memory, CPU, handles: prom-client's defaults),
 * collected once per process however many apps it builds (tests build many).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the metrics read from the app when scraped (gauges of the moment). */
export interface MetricSources {
  pool?: () => { max: number; total: number; idle: number; waiting: number } | undefined;
  /** Rows waiting in `eventos_salientes` and the age of the oldest, in seconds. */
  outbox?: () => Promise<{ pendientes: number; antiguedadSegundos: number }>;
  socketsConectados?: () => number;
  conexionesHttp?: () => number;
  /** True while the limits' circuit to Redis is open (adapters/limits/interruptor.ts). */
  limitadorAbierto?: () => boolean;
}

export type AppMetrics = ReturnType<typeof createPrometheusMetrics>;

/**
 * The app's metrics in Prometheus format: HTTP durations by route pattern and status, the
 * database pool, the outbox, jobs, sockets, payments and refunds, plus the process's defaults.
 */
export function createPrometheusMetrics() {
  const registry = new Registry();
  const sources: MetricSources = {};

  const duracion = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP, por ruta (el patrón, no la URL) y estado',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pagos = new Counter({
    name: 'compra_grupal_pagos_total',
    help: 'Pagos del proveedor aplicados, por resultado (aprobado, rechazado, reembolsado)',
    labelNames: ['resultado'] as const,
    registers: [registry],
  });
  const reembolsosFallidos = new Counter({
    name: 'compra_grupal_reembolsos_fallidos_total',
    help: 'Reembolsos que el proveedor no confirmó (se reintentan)',
    registers: [registry],
  });
  const trabajos = new Counter({
    name: 'compra_grupal_trabajos_total',
    help: 'Ejecuciones de trabajos en segundo plano, por tipo y resultado (hecho, reintento, fallido)',
    labelNames: ['tipo', 'resultado'] as const,
    registers: [registry],
  });
  for (const resultado of ['aprobado', 'rechazado', 'reembolsado']) pagos.inc({ resultado }, 0);
  const erroresDeBase = new Counter({
    name: 'compra_grupal_db_errores_total',
    help: 'Errores de la base de datos que llegaron a una respuesta, por tipo (conexion, tiempo_agotado, conflicto, otro)',
    labelNames: ['tipo'] as const,
    registers: [registry],
  });
  for (const tipo of ['conexion', 'tiempo_agotado', 'conflicto', 'otro']) {
    erroresDeBase.inc({ tipo }, 0);
  }
  new Gauge({
    name: 'compra_grupal_limitador_abierto',
    help: 'Circuito de los límites hacia Redis: 1 abierto (Redis no responde: los límites cuentan en cada nodo), 0 cerrado',
    registers: [registry],
    collect() {
      this.set(sources.limitadorAbierto?.() ? 1 : 0);
    },
  });

  new Gauge({
    name: 'compra_grupal_db_pool_connections',
    help: 'Conexiones del pool de PostgreSQL: max, open (abiertas), in_use (en uso), waiting (pedidos esperando una); con PGlite, una sola conexión y sin pool',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) {
        this.set({ state: 'max' }, 1);
        return;
      }
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  // A registry collects its metrics concurrently: each gauge reads the backlog itself (one
  // scrape's two reads share one query).
  let backlog: Promise<{ pendientes: number; antiguedadSegundos: number } | undefined> | undefined;
  const readBacklog = () => {
    // A database that does not answer leaves these two as they were, not the scrape failed.
    backlog ??= Promise.resolve(sources.outbox?.())
      .catch(() => undefined)
      .finally(() => {
        setImmediate(() => {
          backlog = undefined;
        });
      });
    return backlog;
  };
  new Gauge({
    name: 'compra_grupal_outbox_pendientes',
    help: 'Eventos en eventos_salientes que esperan publicarse',
    registers: [registry],
    async collect() {
      const outbox = await readBacklog();
      if (outbox) this.set(outbox.pendientes);
    },
  });
  new Gauge({
    name: 'compra_grupal_outbox_antiguedad_segundos',
    help: 'Antigüedad del evento más viejo que espera publicarse (0 sin pendientes)',
    registers: [registry],
    async collect() {
      const outbox = await readBacklog();
      if (outbox) this.set(outbox.antiguedadSegundos);
    },
  });
  new Gauge({
    name: 'compra_grupal_sockets_conectados',
    help: 'Conexiones de socket.io abiertas en este proceso',
    registers: [registry],
    collect() {
      this.set(sources.socketsConectados?.() ?? 0);
    },
  });
  new Gauge({
    name: 'compra_grupal_conexiones_http',
    help: 'Conexiones TCP abiertas con clientes directos (las de un proxy de confianza no se cuentan)',
    registers: [registry],
    collect() {
      this.set(sources.conexionesHttp?.() ?? 0);
    },
  });
  const port: MetricsPort = {
    pagoAplicado: (resultado) => pagos.inc({ resultado }),
    reembolsoFallido: () => reembolsosFallidos.inc(),
    trabajoTerminado: (tipo, resultado) => trabajos.inc({ tipo, resultado }),
    errorDeBaseDeDatos: (tipo) => erroresDeBase.inc({ tipo }),
  };

  return {
    port,
    /** Where the gauges read from (set once the app has built what they read). */
    sources,
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      duracion.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    contentType: registry.contentType,
    /** The text of a scrape: the app's metrics and the process's. */
    async render(): Promise<string> {
      return Registry.merge([registry, processMetrics()]).metrics();
    },
  };
}
