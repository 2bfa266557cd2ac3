import { randomBytes } from 'node:crypto';
import { createEmbeddedMailbox } from './adapters/mail/embedded-mailbox';
import type { MailPort } from './adapters/mail/mail.port';
import type { PaymentsPort } from './adapters/payments/payments.port';
import {
  accountLinkRedirectUri,
  WEBHOOK_PATH,
  webhookSecret,
} from './adapters/payments/payments-from-config';
import { createPlanificadorDeRutas } from './adapters/rutas/planificador-from-config';
import { createShipping } from './adapters/shipping/shipping-from-config';
import type { StoragePort } from './adapters/storage/storage.port';
import { type Config, sinIndexar } from './config';
import type { DatabaseHandle } from './db/client';
import { createJobRunner } from './jobs/job-runner';
import type { JobQueue } from './jobs/queued-job';
import { type Clock, systemClock } from './lib/clock';
import type { MetricsPort } from './metrics/metrics.port';
import { createAdminService } from './modules/admin/admin.service';
import { createAvisoService } from './modules/aviso/aviso.service';
import { createMensajes } from './modules/aviso/mensajes.service';
import { createCategoriaService } from './modules/categoria/categoria.service';
import { createCoberturaService } from './modules/cobertura/cobertura.service';
import { createCorreoService } from './modules/correo/correo.service';
import { createDireccionService } from './modules/direccion/direccion.service';
import { createEntregaService } from './modules/entrega/entrega.service';
import { createEnvioService } from './modules/envio/envio.service';
import { createDineroEnCursoService } from './modules/estadistica/dinero-en-curso.service';
import { createEstadisticasService } from './modules/estadistica/estadisticas.service';
import { createGrupoDeCompraService } from './modules/grupo-de-compra/grupo-de-compra.service';
import { createPredicciones } from './modules/grupo-de-compra/predicciones.service';
import { createMercadoPagoVinculacionService } from './modules/mercadopago-cuenta/mercadopago-vinculacion.service';
import { createConciliacionRepository } from './modules/pago/conciliacion.repository';
import { createConciliacionService } from './modules/pago/conciliacion.service';
import { createPagoService } from './modules/pago/pago.service';
import { createCancelacionDeGrupoService } from './modules/pedido/cancelacion-de-grupo.service';
import { createCicloDeVida } from './modules/pedido/ciclo-de-vida.service';
import { createEnvioEnGrupo } from './modules/pedido/envio-en-grupo.service';
import { createPedidoService } from './modules/pedido/pedido.service';
import { createReembolsosService } from './modules/pedido/reembolsos.service';
import { createProductoService } from './modules/producto/producto.service';
import { createPushRepository } from './modules/push/push.repository';
import { createPushService } from './modules/push/push.service';
import { type ClavesVapid, createEnvioWebPush, type EnvioPush } from './modules/push/push-envio';
import { createTiendaService } from './modules/tienda/tienda.service';
import { createCuentaService } from './modules/usuario/cuenta.service';
import { createSesionService } from './modules/usuario/sesion.service';
import { createUsuarioService } from './modules/usuario/usuario.service';
import { createTarjetasParaCompartir } from './modules/vitrina/tarjeta-para-compartir.service';
import { createVitrinaService } from './modules/vitrina/vitrina.service';
import { createAppUnitOfWork, createRepositories } from './repositories';

/**
 * The composition root: builds every service once, from the configuration and the database,
 * and `withTransaction` for the services whose requests write several tables. `buildApp`
 * decorates the result as `app.services`; route plugins use it and build nothing themselves.
 * Routes call services only (never `withTransaction` or a repository).
 */
export function createServices(
  database: DatabaseHandle,
  config: Config,
  {
    afterCommit,
    storage,
    payments,
    mercadoPagoKey,
    clock,
    log,
    metrics,
    jobs = createJobRunner({ db: database.db, ...(clock ? { clock } : {}) }),
    mail = createEmbeddedMailbox(),
    claveDeBaja = new Uint8Array(randomBytes(32)),
    vapid,
    envioPush = vapid
      ? createEnvioWebPush({ vapid, httpLocal: config.NODE_ENV !== 'production' })
      : undefined,
  }: {
    afterCommit?: () => void;
    storage: StoragePort;
    /**
     * Mercado Pago (adapters/payments/payments-from-config.ts); undefined when it is off, as
     * for callers that do not link accounts (the admin command line).
     */
    payments?: PaymentsPort;
    /** The Mercado Pago master key (MP_TOKEN_ENCRYPTION_KEY or the one kept in app_meta). */
    mercadoPagoKey?: Buffer;
    clock?: Clock;
    /** Where the lifecycle logs money it refuses and refunds that fail. */
    log?: {
      error(object: object, message: string): void;
      warn(object: object, message: string): void;
    };
    /** Where payments and refunds are counted (GET /metrics); nothing counts without it. */
    metrics?: MetricsPort;
    /**
     * The app's job runner (jobs/job-runner.ts): services enqueue on it; the handlers are the
     * manifests' (app.ts registers them). Without one (the admin command line) jobs are only
     * stored; the server runs them.
     */
    jobs?: JobQueue;
    /** Where email goes (adapters/mail); the embedded mailbox by default. */
    mail?: MailPort;
    /**
     * The key of the emails' unsubscribe links (modules/correo/enlace-de-baja.ts, derived from
     * the JWT secret); a random one, for callers that send nothing (the admin command line).
     */
    claveDeBaja?: Uint8Array;
    /**
     * The VAPID keys of Web Push (modules/push/push-claves.ts); without them (PUSH_ENABLED=false,
     * the admin command line) no notice goes to a device.
     */
    vapid?: ClavesVapid;
    /** Where pushes go (the push services over the Web Push protocol, by default). */
    envioPush?: EnvioPush;
  },
) {
  const repositories = createRepositories(database.db);
  /** Email: enqueued in the caller's transaction (repositories.ejecutor), sent by a job. */
  const correo = createCorreoService({
    db: database.db,
    jobs,
    mail,
    publicUrl: config.PUBLIC_URL,
    claveDeBaja,
    ...(clock ? { clock } : {}),
    ...(log ? { log } : {}),
  });
  const withTransaction = createAppUnitOfWork(database.db, afterCommit);
  /** The person's browsers (Web Push, docs/decisions/055): subscriptions and sending. */
  const push = createPushService({
    repository: createPushRepository(database.db),
    ...(vapid && envioPush ? { envio: envioPush, clavePublica: vapid.publica } : {}),
    httpLocal: config.NODE_ENV !== 'production',
    ...(clock ? { clock } : {}),
    ...(log ? { log } : {}),
  });
  /**
   * Telling people: the bell, its email and its push, written in the event's own transaction
   * (the push is sent by a job).
   */
  const aviso = createAvisoService({
    correo,
    push,
    jobs,
    repository: repositories.aviso,
    withTransaction,
    ...(clock ? { clock } : {}),
  });
  /** The transactional messages (docs/decisions/042), sent by the owner of each transition. */
  const mensajes = createMensajes({ aviso });
  const usuario = createUsuarioService({
    repository: repositories.usuario,
    adminEmails: config.ADMIN_EMAILS,
    ...(clock ? { clock } : {}),
  });
  /** Registering, verifying the address and recovering the password (docs/decisions/040). */
  const cuenta = createCuentaService({
    withTransaction,
    correo,
    jobs,
    publicUrl: config.PUBLIC_URL,
    ...(clock ? { clock } : {}),
  });
  /** Routes for 'Entrega en grupo' and the day's deliveries (docs/decisions/057). */
  const rutas = createPlanificadorDeRutas(config, log ?? { warn: () => undefined });
  const envio = createEnvioService({
    repository: repositories.envio,
    envio: createShipping(config),
    rutas,
  });
  const claveMaestra = mercadoPagoKey ?? randomBytes(32);
  const mercadoPago = createMercadoPagoVinculacionService({
    repositories,
    withTransaction,
    payments,
    redirectUri: accountLinkRedirectUri(config),
    // Without payments nothing is sealed or opened: any key will do.
    claveMaestra,
    clock,
    mensajes,
  });
  /** The one refund ledger's worker. */
  const reembolsos = createReembolsosService({
    repository: repositories.reembolso,
    checkout: payments?.checkout,
    accessTokenVigente: (usuarioId) => mercadoPago.accessTokenVigente(usuarioId),
    clock,
    ...(log ? { log } : {}),
    ...(metrics ? { metrics } : {}),
    avisos: { withTransaction, mensajes },
  });
  /** 'Entrega en grupo' settled when groups close (docs/decisions/057). */
  const envioEnGrupo = createEnvioEnGrupo({
    repository: repositories.envioEnGrupo,
    lecturasDelCiclo: repositories.cicloDeVida,
    withTransaction,
    rutas,
    reembolsos,
    jobs,
    clock: clock ?? systemClock,
  });
  /** The order lifecycle (docs/decisions/028): every caller applies its transitions. */
  const cicloDeVida = createCicloDeVida({ ...(log ? { log } : {}), mensajes, envioEnGrupo });
  /** Cancelling groups (the product team, deadlines) with their refunds (docs/decisions/026). */
  const cancelacionDeGrupo = createCancelacionDeGrupoService({
    repositories,
    withTransaction,
    cicloDeVida,
    reembolsos,
    mensajes,
    clock,
  });
  const grupoDeCompra = createGrupoDeCompraService({
    repository: repositories.grupoDeCompra,
    withTransaction,
    mensajes,
    envioEnGrupo,
    clock,
    predicciones: createPredicciones({ repository: repositories.prediccion, clock }),
  });
  const producto = createProductoService({
    repository: repositories.producto,
    storage,
    withTransaction,
    repositories,
    grupoAbierto: grupoDeCompra.abiertoDeProducto,
    clock,
  });
  const pago = createPagoService({
    repository: repositories.pago,
    withTransaction,
    cicloDeVida,
    reembolsos,
    checkout: payments?.checkout,
    accessTokenVigente: (usuarioId) => mercadoPago.accessTokenVigente(usuarioId),
    accessTokenDeCuentaMp: (mpUsuarioId) => mercadoPago.accessTokenDeCuentaMp(mpUsuarioId),
    publicUrl: config.PUBLIC_URL,
    notificationUrl: `${config.PUBLIC_URL}${WEBHOOK_PATH}`,
    webhookSecret: webhookSecret(config, claveMaestra),
    feePercent: config.MP_MARKETPLACE_FEE_PERCENT,
    ...(clock ? { clock } : {}),
    ...(metrics ? { metrics } : {}),
  });
  return {
    withTransaction,
    admin: createAdminService({
      repository: repositories.tienda,
      withTransaction,
      cancelacionDeGrupo,
      reembolsos,
      mensajes,
      clock,
    }),
    aviso,
    cancelacionDeGrupo,
    categoria: createCategoriaService({ repository: repositories.categoria }),
    cobertura: createCoberturaService({ repository: repositories.cobertura }),
    correo,
    cuenta,
    direccion: createDireccionService({ repository: repositories.direccion, usuarios: usuario }),
    /** Delivery: Mis Pedidos with groups, the seller's and the courier's lists, delivering parts. */
    entrega: createEntregaService({
      repository: repositories.entrega,
      withTransaction,
      lineasDePedidos: repositories.pedido.findLineasDePedidos,
      cicloDeVida: repositories.cicloDeVida,
      rutas,
      mensajes,
      clock,
    }),
    /** Shipping quotes: `cotizarPrevio` for the checkout, `cotizarParaPedido` for orders. */
    envio,
    /** A store's figures and its sales for the accountant (docs/decisions/058). */
    estadisticas: createEstadisticasService({ repository: repositories.estadisticas }),
    /** The team's money in flight and its retries of refunds (docs/decisions/058). */
    dineroEnCurso: createDineroEnCursoService({
      repository: repositories.dineroEnCurso,
      reembolsos,
      ...(clock ? { clock } : {}),
    }),
    envioEnGrupo,
    grupoDeCompra,
    mercadoPago,
    /** Payments of orders: the seller's preference (linkPago) and notifications (webhook). */
    pago,
    /**
     * What the payments provider runs in this app (the sandbox: its pages and the job that
     * retries its notifications); the pago module's manifest declares them. Nothing for
     * Mercado Pago.
     */
    proveedorDePagos: { paginas: payments?.sandboxRoutes, trabajos: payments?.trabajos ?? [] },
    /** Payments whose notification never came are read from the provider (docs/decisions/025). */
    conciliacion: createConciliacionService({
      repository: createConciliacionRepository(database.db),
      checkout: payments?.checkout,
      accessTokenVigente: (usuarioId) => mercadoPago.accessTokenVigente(usuarioId),
      aplicar: (leido) => pago.aplicarPagoLeido(leido),
      log: log ?? { warn: () => undefined },
      ...(clock ? { clock } : {}),
    }),
    /** Orders: checkout (pago/crearPreferencia), payment status, Mis Pagos, reservation expiry. */
    pedido: createPedidoService({
      repository: repositories.pedido,
      withTransaction,
      cotizarParaPedido: envio.cotizarParaPedido,
      reservaMinutos: config.RESERVA_MINUTOS,
      lecturasDelCiclo: repositories.cicloDeVida,
      cicloDeVida,
      reembolsos,
      mensajes,
      clock,
    }),
    reembolsos,
    producto,
    /** Web Push: the server's public key and the caller's browsers (docs/decisions/055). */
    push,
    sesion: createSesionService({
      repository: repositories.sesion,
      ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
    }),
    tienda: createTiendaService({
      repository: repositories.tienda,
      storage,
      withTransaction,
    }),
    usuario,
    /** Store and product pages' heads, the sitemap and robots.txt (docs/decisions/043). */
    vitrina: createVitrinaService({
      repository: repositories.vitrina,
      publicUrl: config.PUBLIC_URL,
      sinIndexar: sinIndexar(config),
    }),
    /** The share cards the pages' og:image names (docs/decisions/053). */
    tarjetasParaCompartir: createTarjetasParaCompartir({
      producto: (id) => producto.obtener(null, id),
      grupo: (id) => grupoDeCompra.conProducto(null, id),
      leerImagen: (url) => storage.read(url),
      clock: clock ?? systemClock,
      ...(log ? { log } : {}),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
