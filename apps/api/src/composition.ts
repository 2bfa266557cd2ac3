import { randomBytes } from 'node:crypto';
import { createEnvio } from './adapters/envio/envio-from-config';
import type { PaymentsPort } from './adapters/payments/payments.port';
import {
  accountLinkRedirectUri,
  WEBHOOK_PATH,
  webhookSecret,
} from './adapters/payments/payments-from-config';
import type { StoragePort } from './adapters/storage/storage.port';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { createUnitOfWork } from './db/unit-of-work';
import type { Clock } from './lib/clock';
import { createAdminService } from './modules/admin/admin.service';
import { createCategoriaRepository } from './modules/categoria/categoria.repository';
import { createCategoriaService } from './modules/categoria/categoria.service';
import { createCoberturaRepository } from './modules/cobertura/cobertura.repository';
import { createCoberturaService } from './modules/cobertura/cobertura.service';
import { createDireccionRepository } from './modules/direccion/direccion.repository';
import { createDireccionService } from './modules/direccion/direccion.service';
import { createEntregaRepository } from './modules/entrega/entrega.repository';
import { createEntregaService } from './modules/entrega/entrega.service';
import { createEnvioRepository } from './modules/envio/envio.repository';
import { createEnvioService } from './modules/envio/envio.service';
import { createCancelacionRepository } from './modules/grupo-de-compra/cancelacion.repository';
import { createCancelacionDeGrupoService } from './modules/grupo-de-compra/grupo-de-compra.cancelacion';
import { createGrupoDeCompraRepository } from './modules/grupo-de-compra/grupo-de-compra.repository';
import { createGrupoDeCompraService } from './modules/grupo-de-compra/grupo-de-compra.service';
import { createMercadoPagoRepository } from './modules/pago/mercadopago-vinculacion.repository';
import { createMercadoPagoVinculacionService } from './modules/pago/mercadopago-vinculacion.service';
import { createPagoRepository } from './modules/pago/pago.repository';
import { createPagoService } from './modules/pago/pago.service';
import { createCicloDeVidaRepository } from './modules/pedido/ciclo-de-vida.repository';
import { createCicloDeVida } from './modules/pedido/ciclo-de-vida.service';
import { createPedidoRepository } from './modules/pedido/pedido.repository';
import { createPedidoService } from './modules/pedido/pedido.service';
import { createReembolsoRepository } from './modules/pedido/reembolso.repository';
import { createReembolsosService } from './modules/pedido/reembolsos.service';
import { createProductoRepository } from './modules/producto/producto.repository';
import { createProductoService } from './modules/producto/producto.service';
import { createTiendaRepository } from './modules/tienda/tienda.repository';
import { createTiendaService } from './modules/tienda/tienda.service';
import { createSesionRepository } from './modules/usuario/sesion.repository';
import { createSesionService } from './modules/usuario/sesion.service';
import { createUsuarioRepository } from './modules/usuario/usuario.repository';
import { createUsuarioService } from './modules/usuario/usuario.service';
import { createOutboxRepository } from './realtime/outbox.repository';

/**
 * Every repository, bound to one connection: the root connection for the services below, or
 * a transaction inside `withTransaction` (db/unit-of-work.ts). A new repository is added here
 * and nowhere else.
 */
export function createRepositories(db: Database, { eventosAlConfirmar = false } = {}) {
  return {
    categoria: createCategoriaRepository(db),
    cobertura: createCoberturaRepository(db),
    direccion: createDireccionRepository(db),
    entrega: createEntregaRepository(db),
    envio: createEnvioRepository(db),
    grupoDeCompra: createGrupoDeCompraRepository(db),
    mercadoPago: createMercadoPagoRepository(db),
    pago: createPagoRepository(db),
    pedido: createPedidoRepository(db),
    /** The order lifecycle's reads and writes (pedido/ciclo-de-vida.service.ts decides). */
    cicloDeVida: createCicloDeVidaRepository(db),
    producto: createProductoRepository(db),
    /** Group cancellation and deadlines (grupo-de-compra.cancelacion.ts). */
    cancelacion: createCancelacionRepository(db),
    /** The one refund ledger (pedido/reembolsos.service.ts). */
    reembolso: createReembolsoRepository(db),
    sesion: createSesionRepository(db),
    tienda: createTiendaRepository(db),
    usuario: createUsuarioRepository(db),
    /** Realtime events, published once the transaction commits (realtime/outbox-publisher). */
    eventos: createOutboxRepository(db, { alConfirmar: eventosAlConfirmar }),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * `withTransaction` as the app runs it: the events a transaction records are written in one
 * statement right before its COMMIT (realtime/outbox.repository.ts); `afterCommit` kicks the
 * outbox publisher.
 */
export function createAppUnitOfWork(db: Database, afterCommit?: () => void) {
  return createUnitOfWork(db, (tx) => createRepositories(tx, { eventosAlConfirmar: true }), {
    afterCommit,
    beforeCommit: (repositories) => repositories.eventos.volcar(),
  });
}

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
  },
) {
  const repositories = createRepositories(database.db);
  const usuario = createUsuarioService(repositories.usuario, config.ADMIN_EMAILS);
  const withTransaction = createAppUnitOfWork(database.db, afterCommit);
  const envio = createEnvioService(repositories.envio, createEnvio(config));
  const claveMaestra = mercadoPagoKey ?? randomBytes(32);
  const mercadoPago = createMercadoPagoVinculacionService({
    repositories,
    withTransaction,
    payments,
    redirectUri: accountLinkRedirectUri(config),
    // Without payments nothing is sealed or opened: any key will do.
    claveMaestra,
    clock,
  });
  /** The order lifecycle (docs/decisions/028): every caller applies its transitions. */
  const cicloDeVida = createCicloDeVida(log ? { log } : {});
  /** The one refund ledger's worker. */
  const reembolsos = createReembolsosService({
    repository: repositories.reembolso,
    checkout: payments?.checkout,
    accessTokenVigente: (usuarioId) => mercadoPago.accessTokenVigente(usuarioId),
    clock,
    ...(log ? { log } : {}),
  });
  /** Cancelling groups (the product team, deadlines) with their refunds (docs/decisions/026). */
  const cancelacionDeGrupo = createCancelacionDeGrupoService({
    repositories,
    withTransaction,
    cicloDeVida,
    reembolsos,
    clock,
  });
  return {
    withTransaction,
    admin: createAdminService(repositories.tienda, {
      withTransaction,
      cancelacionDeGrupo,
      reembolsos,
    }),
    cancelacionDeGrupo,
    categoria: createCategoriaService(repositories.categoria),
    cobertura: createCoberturaService(repositories.cobertura),
    direccion: createDireccionService(repositories.direccion, usuario),
    /** Delivery: Mis Pedidos with groups, the seller's and the courier's lists, delivering parts. */
    entrega: createEntregaService(repositories.entrega, {
      withTransaction,
      lineasDePedidos: repositories.pedido.lineasDePedidos,
      cicloDeVida: repositories.cicloDeVida,
      clock,
    }),
    /** Shipping quotes: `cotizarPrevio` for the checkout, `cotizarParaPedido` for orders. */
    envio,
    grupoDeCompra: createGrupoDeCompraService(repositories.grupoDeCompra, { withTransaction }),
    mercadoPago,
    /** Payments of orders: the seller's preference (linkPago) and notifications (webhook). */
    pago: createPagoService(repositories.pago, {
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
    }),
    /** Orders: checkout (pago/crearPreferencia), payment status, Mis Pagos, reservation expiry. */
    pedido: createPedidoService(repositories.pedido, {
      withTransaction,
      cotizarParaPedido: envio.cotizarParaPedido,
      reservaMinutos: config.RESERVA_MINUTOS,
      lecturasDelCiclo: repositories.cicloDeVida,
      cicloDeVida,
      reembolsos,
      clock,
    }),
    reembolsos,
    producto: createProductoService(repositories.producto, {
      storage,
      withTransaction,
      repositories,
    }),
    sesion: createSesionService(repositories.sesion, config.REFRESH_TOKEN_TTL_DAYS),
    tienda: createTiendaService(repositories.tienda, { storage, withTransaction }),
    usuario,
  };
}

export type Services = ReturnType<typeof createServices>;
