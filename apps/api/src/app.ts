import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES } from '@compra-grupal/contracts';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { IdentityPort } from './adapters/identity/identity.port';
import { createIdentity } from './adapters/identity/identity-from-config';
import { createLimiters } from './adapters/limits/limiter-store-from-config';
import { createMail } from './adapters/mail/mail-from-config';
import { createPayments } from './adapters/payments/payments-from-config';
import { createRealtimeFanOut } from './adapters/realtime/fan-out-from-config';
import type { StoragePort } from './adapters/storage/storage.port';
import { createStorage, uploadsDirOf } from './adapters/storage/storage-from-config';
import { avisoDeAlmacenamiento } from './adapters/storage/storage-warnings';
import { createServices, type Services } from './composition';
import { type Config, secretsMayBeGenerated, sinIndexar } from './config';
import type { DatabaseHandle } from './db/client';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { registerJobs } from './jobs/register-jobs';
import { AppError } from './lib/app-error';
import { type Clock, systemClock } from './lib/clock';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { type DestinationStream, loggerOptions } from './lib/logger';
import { MULTIPART_LIMITS } from './lib/multipart-form';
import { crearAvisoDeSalasCambiadas } from './lib/ssr/salas-cambiadas';
import { outboxBacklog } from './metrics/outbox-backlog';
import { type AppMetrics, createPrometheusMetrics } from './metrics/prometheus-metrics';
import { apiModules } from './modules';
import type { WebPageSources } from './modules/api-module';
import { claveDeBajaDe } from './modules/correo/enlace-de-baja';
import { mercadoPagoKeyFor } from './modules/mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { clavesVapidFor } from './modules/push/push-claves';
import {
  type AccessTokens,
  createAccessTokens,
  resolveJwtSecret,
} from './modules/usuario/access-token';
import { defaultWebDistDir } from './paths';
import { autenticarAntesDelCuerpo, createGuards } from './plugins/authentication';
import {
  capConnectionsPerAddress,
  closeConnectionsOfRefusedClients,
  closeConnectionsWhileDraining,
  serverTimeouts,
} from './plugins/connection-limits';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registrarMetodosPermitidos } from './plugins/metodos-permitidos';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { createRedireccionAlOrigenPublico } from './plugins/origen-publico';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import { crearDibujoDePaginas, type DibujoDePaginas } from './plugins/web-app-ssr';
import { createOutboxPublisher, type OutboxPublisher } from './realtime/outbox-publisher';
import type { RealtimePort } from './realtime/realtime.port';
import { attachRealtime } from './realtime/socket-server';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    realtime: RealtimePort;
    /** Publishes the events services recorded, after their transaction commits. */
    outbox: OutboxPublisher;
    /** Background jobs: polled once the server listens, stopped on close. */
    jobs: JobRunner;
    accessTokens: AccessTokens;
    /** Every service, built once by the composition root (composition.ts). */
    services: Services;
    /** Where uploaded files live (local disk by default). */
    storage: StoragePort;
    /** Google sign-in, or undefined when it is off. */
    identity: IdentityPort | undefined;
    /** Draining after SIGTERM (server.ts): readiness answers 503 meanwhile. */
    lifecycle: Lifecycle;
    /** The Prometheus metrics of GET /metrics. */
    metrics: AppMetrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (standard output by default); tests read what was logged. */
  logStream?: DestinationStream;
  /** Where services and jobs read time (the system clock by default); tests move it. */
  clock?: Clock;
}

/** Builds the whole application: plugins first, then the API modules, then errors and 404s. */
/** The longest path parameter the router takes (ids are 24 characters). */
const MAX_PARAM_LENGTH = 100;

export async function buildApp({
  config,
  database,
  logStream,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...serverTimeouts(config),
    // A path parameter is at most an id (24 characters); longer ones answer 414. Router and
    // HTTP parser errors answer the shared error body too.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // A `__proto__` or `constructor.prototype` key is valid JSON: it is dropped, never
    // applied, and the body is judged without it (not answered 'no es JSON válido').
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Operability (issue 23): connections per address, the drain, metrics.
  const connections = capConnectionsPerAddress(app.server, {
    max: config.MAX_CONNECTIONS_PER_IP,
    trustProxy: config.TRUST_PROXY,
  });
  const metrics = createPrometheusMetrics();
  app.decorate('lifecycle', createLifecycle());
  app.decorate('metrics', metrics);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before anything that adds routes (the local test issuer below), so all of them use it.
  registerErrorHandler(app);
  const jwtSecret = await resolveJwtSecret(database.db, config.JWT_SECRET, {
    generate: secretsMayBeGenerated(config),
  });
  const accessTokens = createAccessTokens(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  // Drawn pages are built with the web app, after the services; the outbox drops what its
  // events change (below).
  let dibujoDePaginas: DibujoDePaginas | undefined;
  const avisarSalaCambiada = config.SSR
    ? crearAvisoDeSalasCambiadas((salas) => app.realtime.avisarSalasCambiadas(salas))
    : undefined;
  // Built before the services, whose commits kick it; it emits once socket.io is attached.
  const outbox = createOutboxPublisher({
    db: database.db,
    emit: (sala, evento, payload) => {
      app.realtime.emitToRoom(sala, evento, payload as never);
      // What the event changes is drawn anew on the next visit, on every node (decision 044).
      dibujoDePaginas?.invalidarSala(sala);
      avisarSalaCambiada?.(sala);
    },
    log: app.log,
    metrics: metrics.port,
  });
  const storage = createStorage(config);
  const avisoDeUploads = avisoDeAlmacenamiento(config);
  if (avisoDeUploads) app.log.warn(avisoDeUploads);
  // Built before the services and the payments sandbox, which enqueue on it; the handlers are
  // the manifests' (below).
  const jobs = createJobRunner({
    db: database.db,
    log: app.log,
    clock,
    onFinished: metrics.port.trabajoTerminado,
  });
  app.decorate('jobs', jobs);
  const mercadoPagoKey = await mercadoPagoKeyFor(database.db, config);
  const payments = createPayments(config, { mercadoPagoKey, clock, db: database.db, jobs });
  // SMTP_URL's server, or the embedded mailbox (/dev/correos); closed after the jobs stop.
  const mail = createMail(config);
  // Web Push's keys: configured, or generated once into the database outside production.
  const vapid = await clavesVapidFor(database.db, config);
  const services = createServices(database, config, {
    jobs,
    mail,
    claveDeBaja: claveDeBajaDe(jwtSecret),
    ...(vapid ? { vapid } : {}),
    afterCommit: outbox.kick,
    storage,
    payments,
    mercadoPagoKey,
    clock,
    log: app.log,
    metrics: metrics.port,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('accessTokens', accessTokens);
  app.decorate('services', services);
  const guards = createGuards(accessTokens, services.usuario);
  app.decorate('guards', guards);
  autenticarAntesDelCuerpo(app, guards);
  registrarMetodosPermitidos(app, MAX_PARAM_LENGTH);
  // Every limiter counts here, across nodes with Redis or PostgreSQL (docs/decisions/036).
  const limiters = await createLimiters(config, database, app.log);
  app.decorate('limiterStore', limiters.store);
  metrics.sources.limitadorAbierto = limiters.circuitoAbierto;
  app.addHook('onClose', async () => limiters.store.close());
  app.decorate('identity', await createIdentity(app, config));
  app.decorate('storage', storage);
  // Added before socket.io's own preClose hook: what is committed still goes out.
  app.addHook('preClose', async () => outbox.stop());
  const realtime = attachRealtime(app, accessTokens, createRealtimeFanOut(database, app.log));
  app.decorate('realtime', realtime.port);
  realtime.port.alCambiarSalasEnOtroNodo((salas) => {
    for (const sala of salas) dibujoDePaginas?.invalidarSala(sala);
  });
  app.decorate('outbox', outbox);
  app.addHook('onListen', async () => outbox.start());
  Object.assign(metrics.sources, {
    pool: database.poolStats,
    outbox: () => outboxBacklog(database.db),
    trabajos: () => jobs.enCola(),
    socketsConectados: () => realtime.io.engine.clientsCount,
    conexionesHttp: connections.openConnections,
  });
  // Every job the modules declare (docs/decisions/031): each handler is registered now, and
  // each periodic job's slot is scheduled once the server listens.
  const periodicos = registerJobs(
    app.jobs,
    apiModules.flatMap((modulo) => modulo.jobs?.(services) ?? []),
    { db: database.db, clock },
  );
  for (const { name, programar } of periodicos) {
    app.addHook('onListen', async () => {
      await programar().catch((error: unknown) => {
        app.log.error({ err: error, trabajo: name }, 'no se pudo programar un trabajo');
      });
    });
  }
  app.addHook('onListen', async () => app.jobs.start());
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await mail.close?.();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie, { secret: jwtSecret });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  await registerOpenApi(app, config.OPENAPI_ENABLED);
  await registerSecurityHeaders(app);
  registerMetrics(app, metrics, {
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  });
  closeConnectionsWhileDraining(app, app.lifecycle);
  closeConnectionsOfRefusedClients(app, {
    threshold: config.RATE_LIMIT_CLOSE_AFTER,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.RATE_LIMIT_MAX,
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        ...limiters.rateLimit,
        errorResponseBuilder: () =>
          new AppError(
            429,
            ERROR_CODES.demasiadasSolicitudes,
            'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
          ),
      });
      for (const modulo of apiModules) {
        for (const { prefix, plugin } of modulo.routes) {
          await api.register(plugin, prefix ? { prefix } : {});
        }
      }
    },
    { prefix: '/api' },
  );
  // The modules' pages outside /api (docs/decisions/031), before the web app's fallback.
  for (const modulo of apiModules) {
    for (const { prefix, plugin } of modulo.pages ?? []) {
      await app.register(plugin, { prefix });
    }
  }

  const uploadsDir = uploadsDirOf(config);
  mkdirSync(uploadsDir, { recursive: true });
  const webDistDir = config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : defaultWebDistDir;
  // What the modules give the public pages (the storefront's manifest declares them).
  const web: Partial<WebPageSources> = Object.assign(
    {},
    ...apiModules.map((modulo) => modulo.web?.(services, config)),
  );
  dibujoDePaginas =
    config.SSR && web.datosDePagina
      ? await crearDibujoDePaginas({
          webDistDir,
          ttlMs: config.SSR_CACHE_TTL_MS,
          log: app.log,
          metrics: metrics.port,
          datosDePagina: web.datosDePagina,
        })
      : undefined;
  await registerWebApp(app, {
    webDistDir,
    ...(dibujoDePaginas ? { dibujo: dibujoDePaginas } : {}),
    uploadsDir,
    vistaPreviaDeGrupo: web.vistaPreviaDeGrupo,
    paginaPublica: web.paginaPublica,
    sinIndexar: sinIndexar(config),
    // One origin for the browser (issue 24): pages on another host go to PUBLIC_URL's.
    redireccionAlOrigenPublico: createRedireccionAlOrigenPublico({
      publicUrl: config.PUBLIC_URL,
      production: config.NODE_ENV === 'production',
      trustProxy: config.TRUST_PROXY,
    }),
  });

  return app;
}
