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
import { createGeo } from './adapters/geo/geo-from-config';
import type { IdentityPort } from './adapters/identity/identity.port';
import { createIdentity } from './adapters/identity/identity-from-config';
import { createPayments } from './adapters/payments/payments-from-config';
import { createRealtimeFanOut } from './adapters/realtime/fan-out-from-config';
import type { StoragePort } from './adapters/storage/storage.port';
import { createStorage, uploadsDirOf } from './adapters/storage/storage-from-config';
import { createServices, type Services } from './composition';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { AppError } from './lib/app-error';
import { type Clock, systemClock } from './lib/clock';
import { type DestinationStream, loggerOptions } from './lib/logger';
import { MULTIPART_LIMITS } from './lib/multipart-form';
import { adminRoutes } from './modules/admin/admin.routes';
import { categoriaRoutes } from './modules/categoria/categoria.routes';
import { coberturaRoutes } from './modules/cobertura/cobertura.routes';
import { direccionRoutes } from './modules/direccion/direccion.routes';
import { entregaRoutes } from './modules/entrega/entrega.routes';
import { envioRoutes } from './modules/envio/envio.routes';
import { createGeoRoutes } from './modules/geo/geo.routes';
import { registrarCancelacionDeGrupos } from './modules/grupo-de-compra/cancelacion.job';
import { grupoDeCompraRoutes } from './modules/grupo-de-compra/grupo-de-compra.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registrarConciliacion } from './modules/pago/conciliacion.job';
import { createConciliacionRepository } from './modules/pago/conciliacion.repository';
import { createConciliacionService } from './modules/pago/conciliacion.service';
import { crearPreferenciaRoutes } from './modules/pago/crear-preferencia.routes';
import { resolveMercadoPagoKey } from './modules/pago/mercadopago-cuenta-de-prueba';
import { registrarRenovacionDeTokens } from './modules/pago/mercadopago-renovacion.job';
import { mercadoPagoVinculacionRoutes } from './modules/pago/mercadopago-vinculacion.routes';
import { linkPagoRoutes, webhookRoutes } from './modules/pago/pago.routes';
import { pedidoRoutes } from './modules/pedido/pedido.routes';
import { registrarReembolsos } from './modules/pedido/reembolsos.job';
import { registrarLiberacionDeReservas } from './modules/pedido/reservas-vencidas.job';
import { productoRoutes } from './modules/producto/producto.routes';
import { tiendaRoutes } from './modules/tienda/tienda.routes';
import {
  type AccessTokens,
  createAccessTokens,
  resolveJwtSecret,
} from './modules/usuario/access-token';
import { googleAuthRoutes } from './modules/usuario/google-auth.routes';
import { usuarioRoutes } from './modules/usuario/usuario.routes';
import { defaultWebDistDir } from './paths';
import { createGuards } from './plugins/authentication';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
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
export async function buildApp({
  config,
  database,
  logStream,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A path parameter is at most an id (24 characters); longer ones answer 414. Router and
    // HTTP parser errors answer the shared error body too.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before anything that adds routes (the local test issuer below), so all of them use it.
  registerErrorHandler(app);
  const jwtSecret = await resolveJwtSecret(database.db, config.JWT_SECRET);
  const accessTokens = createAccessTokens(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  // Built before the services, whose commits kick it; it emits once socket.io is attached.
  const outbox = createOutboxPublisher({
    db: database.db,
    emit: (sala, evento, payload) => app.realtime.emitToRoom(sala, evento, payload as never),
    log: app.log,
  });
  const storage = createStorage(config);
  const mercadoPagoKey = await resolveMercadoPagoKey(database.db, config.MP_TOKEN_ENCRYPTION_KEY);
  const payments = createPayments(config, { mercadoPagoKey, clock, db: database.db });
  const services = createServices(database, config, {
    afterCommit: outbox.kick,
    storage,
    payments,
    mercadoPagoKey,
    clock,
    log: app.log,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('accessTokens', accessTokens);
  app.decorate('services', services);
  app.decorate('guards', createGuards(accessTokens, services.usuario));
  app.decorate('identity', await createIdentity(app, config));
  app.decorate('storage', storage);
  // Added before socket.io's own preClose hook: what is committed still goes out.
  app.addHook('preClose', async () => outbox.stop());
  app.decorate(
    'realtime',
    attachRealtime(app, accessTokens, createRealtimeFanOut(database, app.log)).port,
  );
  app.decorate('outbox', outbox);
  app.addHook('onListen', async () => outbox.start());
  app.decorate('jobs', createJobRunner({ db: database.db, log: app.log, clock }));
  payments?.registrarTrabajos?.(app.jobs);
  const renovacionMercadoPago = registrarRenovacionDeTokens(app.jobs, services.mercadoPago, {
    db: database.db,
    clock,
  });
  app.addHook('onListen', async () => {
    await renovacionMercadoPago.programar().catch((error: unknown) => {
      app.log.error({ err: error }, 'no se pudo programar la renovación de Mercado Pago');
    });
  });
  const liberacionDeReservas = registrarLiberacionDeReservas(app.jobs, services.pedido, {
    db: database.db,
    clock,
  });
  app.addHook('onListen', async () => {
    await liberacionDeReservas.programar().catch((error: unknown) => {
      app.log.error({ err: error }, 'no se pudo programar la liberación de reservas');
    });
  });
  const reembolsosPendientes = registrarReembolsos(app.jobs, services.reembolsos, {
    db: database.db,
    clock,
  });
  app.addHook('onListen', async () => {
    await reembolsosPendientes.programar().catch((error: unknown) => {
      app.log.error({ err: error }, 'no se pudo programar los reintentos de reembolsos');
    });
  });
  // Payments whose notification never came are read from the provider (docs/decisions/025).
  const conciliacion = registrarConciliacion(
    app.jobs,
    createConciliacionService(createConciliacionRepository(database.db), {
      checkout: payments?.checkout,
      accessTokenVigente: (usuarioId) => services.mercadoPago.accessTokenVigente(usuarioId),
      aplicar: (leido) => services.pago.aplicarPagoLeido(leido),
      log: app.log,
      clock,
    }),
    { db: database.db, clock },
  );
  app.addHook('onListen', async () => {
    await conciliacion.programar().catch((error: unknown) => {
      app.log.error({ err: error }, 'no se pudo programar la conciliación de pagos');
    });
  });
  const cancelacionDeGrupos = registrarCancelacionDeGrupos(app.jobs, services.cancelacionDeGrupo, {
    db: database.db,
    clock,
  });
  app.addHook('onListen', async () => {
    await cancelacionDeGrupos.programar().catch((error: unknown) => {
      app.log.error({ err: error }, 'no se pudo programar el vencimiento de grupos');
    });
  });
  app.addHook('onListen', async () => app.jobs.start());
  app.addHook('onClose', async () => app.jobs.stop());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie, { secret: jwtSecret });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  await registerOpenApi(app, config.OPENAPI_ENABLED);
  await registerSecurityHeaders(app);

  const geo = createGeo(config, app.log);

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.RATE_LIMIT_MAX,
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        errorResponseBuilder: () =>
          new AppError(
            429,
            ERROR_CODES.demasiadasSolicitudes,
            'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
          ),
      });
      await api.register(healthRoutes);
      await api.register(categoriaRoutes, { prefix: '/categoria' });
      await api.register(coberturaRoutes, { prefix: '/cobertura' });
      await api.register(usuarioRoutes, { prefix: '/usuario' });
      await api.register(googleAuthRoutes, { prefix: '/usuario' });
      await api.register(direccionRoutes, { prefix: '/direccion' });
      await api.register(envioRoutes, { prefix: '/envio' });
      await api.register(tiendaRoutes, { prefix: '/tienda' });
      await api.register(productoRoutes, { prefix: '/producto' });
      await api.register(grupoDeCompraRoutes, { prefix: '/grupoDeCompra' });
      await api.register(mercadoPagoVinculacionRoutes, { prefix: '/oauth/mercadopago' });
      await api.register(crearPreferenciaRoutes, { prefix: '/pago' });
      await api.register(pedidoRoutes, { prefix: '/pedido' });
      await api.register(linkPagoRoutes, { prefix: '/pedido' });
      await api.register(entregaRoutes, { prefix: '/pedido' });
      await api.register(webhookRoutes, { prefix: '/pago' });
      if (payments?.sandboxRoutes) {
        await api.register(payments.sandboxRoutes, { prefix: '/sandbox/mercadopago' });
      }
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(
        createGeoRoutes(geo, {
          tileUrl: config.MAP_TILE_URL,
          atribucion: config.MAP_TILE_ATTRIBUTION,
        }),
        { prefix: '/geo' },
      );
    },
    { prefix: '/api' },
  );

  const uploadsDir = uploadsDirOf(config);
  mkdirSync(uploadsDir, { recursive: true });
  await registerWebApp(app, {
    webDistDir: config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : defaultWebDistDir,
    uploadsDir,
    vistaPreviaDeGrupo: (grupoId) =>
      services.producto.vistaPreviaDeGrupo(null, grupoId, config.PUBLIC_URL),
  });

  return app;
}
