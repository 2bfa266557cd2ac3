import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { conPlazo } from '../lib/con-plazo';
import type { MetricsPort } from './metrics.port';

/**
 * How long a scrape waits for a gauge read from the database (the pool's wait for a connection
 * included). Past it the gauge keeps its last value and the scrape answers: a slow database
 * must not hang the operator's scraper, and its own metrics (pool waiting, database errors,
 * readiness) tell it. The reads also ask PostgreSQL to cancel them after a second
 * (`conTiempoLimite`), so a stuck one does not hold a connection either.
 */
export const PLAZO_DE_LECTURA_MS = 2_000;

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
  /** The jobs' queue by type (jobs/job-runner.ts `enCola`). */
  trabajos?: () => Promise<
    { tipo: string; pendientes: number; enCurso: number; antiguedadSegundos: number }[]
  >;
  socketsConectados?: () => number;
  conexionesHttp?: () => number;
  /** True while the limits' circuit to Redis is open (adapters/limits/interruptor.ts). */
  limitadorAbierto?: () => boolean;
}

export type AppMetrics = ReturnType<typeof createPrometheusMetrics>;

/**
 * The app's metrics in Prometheus format: HTTP durations by route pattern and status, the
 * database pool and its errors, the outbox (backlog and publish delay), jobs (runs and queue),
 * the page cache, the limits' circuit, sockets, payments and refunds, plus the process's
 * defaults. README "Alertas" lists the alerts worth setting on them.
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
  // The database reads of one scrape, started by `render` and shared by the gauges that show
  // them (a registry collects its metrics concurrently, each gauge calling its `collect` at
  // once, so each takes the reads of the scrape that collects it). A read that fails or runs
  // past PLAZO_DE_LECTURA_MS leaves its gauges as they were, not the scrape failed.
  type Cola = Awaited<ReturnType<NonNullable<MetricSources['trabajos']>>>;
  let lecturas:
    | {
        backlog: Promise<{ pendientes: number; antiguedadSegundos: number } | undefined>;
        cola: Promise<Cola | undefined>;
      }
    | undefined;
  const leer = <T>(fuente: (() => Promise<T>) | undefined): Promise<T | undefined> =>
    fuente
      ? conPlazo(Promise.resolve().then(fuente), PLAZO_DE_LECTURA_MS).catch(() => undefined)
      : Promise.resolve(undefined);
  const readBacklog = () => lecturas?.backlog;
  // The jobs' queue is read at scrape, not on the runner's poll: a poll runs every second on
  // every node, a scrape every 15 s or so, and only a scrape needs the numbers.
  const readCola = () => lecturas?.cola;
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
    name: 'compra_grupal_trabajos_en_cola',
    help: 'Trabajos en segundo plano por tipo y estado: pendiente (esperando, vencidos o no; hasta 10.000 por estado) o en_curso',
    labelNames: ['tipo', 'estado'] as const,
    registers: [registry],
    async collect() {
      const tipos = await readCola();
      if (!tipos) return;
      // A type that left the table and has no handler any more stops being reported.
      this.reset();
      for (const { tipo, pendientes, enCurso } of tipos) {
        this.set({ tipo, estado: 'pendiente' }, pendientes);
        this.set({ tipo, estado: 'en_curso' }, enCurso);
      }
    },
  });
  new Gauge({
    name: 'compra_grupal_trabajos_antiguedad_segundos',
    help: 'Por tipo, cuánto lleva esperando el trabajo pendiente más atrasado desde que debía empezar (0 sin vencidos)',
    labelNames: ['tipo'] as const,
    registers: [registry],
    async collect() {
      const tipos = await readCola();
      if (!tipos) return;
      this.reset();
      for (const { tipo, antiguedadSegundos } of tipos) this.set({ tipo }, antiguedadSegundos);
    },
  });
  const demoraDePublicacion = new Histogram({
    name: 'compra_grupal_outbox_demora_segundos',
    help: 'Demora de cada evento publicado desde que se escribió, justo antes del COMMIT de su transacción, hasta que se emitió (reloj de la base)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const paginas = new Counter({
    name: 'compra_grupal_cache_paginas_total',
    help: 'Páginas dibujadas en el servidor pedidas a su caché, por resultado: acierto (guardada o dibujándose) o fallo (se dibuja)',
    labelNames: ['resultado'] as const,
    registers: [registry],
  });
  const paginasDescartadas = new Counter({
    name: 'compra_grupal_cache_paginas_descartadas_total',
    help: 'Páginas que la caché descartó, por motivo: capacidad (llena, se va la más vieja), evento (cambió lo que muestra) o vencida (SSR_CACHE_TTL_MS)',
    labelNames: ['motivo'] as const,
    registers: [registry],
  });
  for (const resultado of ['acierto', 'fallo']) paginas.inc({ resultado }, 0);
  for (const motivo of ['capacidad', 'evento', 'vencida']) paginasDescartadas.inc({ motivo }, 0);

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
    eventoPublicado: (demoraSegundos) => demoraDePublicacion.observe(demoraSegundos),
    paginaConsultada: (resultado) => paginas.inc({ resultado }),
    paginaDescartada: (motivo) => paginasDescartadas.inc({ motivo }),
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
      lecturas = { backlog: leer(sources.outbox), cola: leer(sources.trabajos) };
      return Registry.merge([registry, processMetrics()]).metrics();
    },
  };
}
