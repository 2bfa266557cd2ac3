import type { Database } from './db/database';
import { createOrdenDeBloqueo } from './db/orden-de-bloqueo';
import { createUnitOfWork, type WithTransaction } from './db/unit-of-work';
import { createAvisoRepository } from './modules/aviso/aviso.repository';
import { createCategoriaRepository } from './modules/categoria/categoria.repository';
import { createCoberturaRepository } from './modules/cobertura/cobertura.repository';
import { createDireccionRepository } from './modules/direccion/direccion.repository';
import { createEntregaRepository } from './modules/entrega/entrega.repository';
import { createEnvioRepository } from './modules/envio/envio.repository';
import { createDineroEnCursoRepository } from './modules/estadistica/dinero-en-curso.repository';
import { createEstadisticasRepository } from './modules/estadistica/estadisticas.repository';
import { createCancelacionRepository } from './modules/grupo-de-compra/cancelacion.repository';
import { createGrupoDeCompraRepository } from './modules/grupo-de-compra/grupo-de-compra.repository';
import { createGrupoParaMensajesRepository } from './modules/grupo-de-compra/grupo-para-mensajes.repository';
import { createPrediccionRepository } from './modules/grupo-de-compra/prediccion.repository';
import { createMercadoPagoRepository } from './modules/mercadopago-cuenta/mercadopago-vinculacion.repository';
import { createPagoRepository } from './modules/pago/pago.repository';
import { createCicloDeVidaRepository } from './modules/pedido/ciclo-de-vida.repository';
import { createEnvioEnGrupoRepository } from './modules/pedido/envio-en-grupo.repository';
import { createPedidoRepository } from './modules/pedido/pedido.repository';
import { createPedidoParaMensajesRepository } from './modules/pedido/pedido-para-mensajes.repository';
import { createReembolsoRepository } from './modules/pedido/reembolso.repository';
import { createProductoRepository } from './modules/producto/producto.repository';
import { createTiendaRepository } from './modules/tienda/tienda.repository';
import { createSesionRepository } from './modules/usuario/sesion.repository';
import { createTokenDeCuentaRepository } from './modules/usuario/token-de-cuenta.repository';
import { createUsuarioRepository } from './modules/usuario/usuario.repository';
import { createVitrinaRepository } from './modules/vitrina/vitrina.repository';
import { createOutboxRepository } from './realtime/outbox.repository';

interface Opciones {
  eventosAlConfirmar: boolean;
}

/** How each repository is built on a connection (createRepositories below). */
const fabricas = {
  /** The notification center (aviso/aviso.service.ts decides). */
  aviso: (db: Database) => createAvisoRepository(db),
  /** Row locks in the one documented order (db/orden-de-bloqueo.ts). */
  bloqueos: (db: Database) => createOrdenDeBloqueo(db),
  categoria: (db: Database) => createCategoriaRepository(db),
  cobertura: (db: Database) => createCoberturaRepository(db),
  direccion: (db: Database) => createDireccionRepository(db),
  /** 'Dinero en curso', the team's money in flight (estadistica/, docs/decisions/058). */
  dineroEnCurso: (db: Database) => createDineroEnCursoRepository(db),
  entrega: (db: Database) => createEntregaRepository(db),
  envio: (db: Database) => createEnvioRepository(db),
  /** The statistics' read model (estadistica/, docs/decisions/058). */
  estadisticas: (db: Database) => createEstadisticasRepository(db),
  /** Settling 'Entrega en grupo' (pedido/envio-en-grupo.service.ts). */
  envioEnGrupo: (db: Database) => createEnvioEnGrupoRepository(db),
  grupoDeCompra: (db: Database) => createGrupoDeCompraRepository(db),
  /** What the messages read of groups (aviso/mensajes.ports.ts; the group's module answers). */
  grupoParaMensajes: (db: Database) => createGrupoParaMensajesRepository(db),
  mercadoPago: (db: Database) => createMercadoPagoRepository(db),
  pago: (db: Database) => createPagoRepository(db),
  pedido: (db: Database) => createPedidoRepository(db),
  /** What the forecast of open groups reads (grupo-de-compra/predicciones.service.ts). */
  prediccion: (db: Database) => createPrediccionRepository(db),
  /** What the messages read of orders and refunds (aviso/mensajes.ports.ts). */
  pedidoParaMensajes: (db: Database) => createPedidoParaMensajesRepository(db),
  /** The order lifecycle's reads and writes (pedido/ciclo-de-vida.service.ts decides). */
  cicloDeVida: (db: Database) => createCicloDeVidaRepository(db),
  producto: (db: Database) => createProductoRepository(db),
  /** The reads of group cancellation and deadlines (pedido/cancelacion-de-grupo.service.ts). */
  cancelacion: (db: Database) => createCancelacionRepository(db),
  /** The one refund ledger (pedido/reembolsos.service.ts). */
  reembolso: (db: Database) => createReembolsoRepository(db),
  sesion: (db: Database) => createSesionRepository(db),
  tienda: (db: Database) => createTiendaRepository(db),
  /** Single-use links sent by email: verifying an address, resetting a password. */
  tokenDeCuenta: (db: Database) => createTokenDeCuentaRepository(db),
  usuario: (db: Database) => createUsuarioRepository(db),
  /** The public pages' reads (sharing and search engines). */
  vitrina: (db: Database) => createVitrinaRepository(db),
  /** Realtime events, published once the transaction commits (realtime/outbox-publisher). */
  eventos: (db: Database, { eventosAlConfirmar }: Opciones) =>
    createOutboxRepository(db, { alConfirmar: eventosAlConfirmar }),
  /**
   * The connection itself (the open transaction inside `withTransaction`), for what writes
   * through its own module in the same transaction: `correo.encolar`, jobs.
   */
  ejecutor: (db: Database) => db,
};

type Fabricas = typeof fabricas;
const CONEXION = Symbol('conexion');
const OPCIONES = Symbol('opciones');

/**
 * Each repository is built the first time a transaction asks for it, and kept: a transaction
 * binds all of them but uses two or three, and building every one on each transaction showed
 * in the ledger's figure (scripts/bench). The getters live on one prototype, built once.
 */
const prototipo: object = Object.create(null);
for (const [nombre, fabrica] of Object.entries(fabricas) as [
  keyof Fabricas,
  Fabricas[keyof Fabricas],
][]) {
  Object.defineProperty(prototipo, nombre, {
    get(this: { [CONEXION]: Database; [OPCIONES]: Opciones }) {
      const valor = (fabrica as (db: Database, o: Opciones) => unknown)(
        this[CONEXION],
        this[OPCIONES],
      );
      Object.defineProperty(this, nombre, { value: valor, enumerable: true });
      return valor;
    },
  });
}

/**
 * Every repository, bound to one connection: the root connection for the services, or a
 * transaction inside `withTransaction` (db/unit-of-work.ts). A new repository is added to
 * `fabricas` above and nowhere else.
 */
export function createRepositories(
  db: Database,
  { eventosAlConfirmar = false } = {},
): { [K in keyof Fabricas]: ReturnType<Fabricas[K]> } {
  const repositorios = Object.create(prototipo);
  repositorios[CONEXION] = db;
  repositorios[OPCIONES] = { eventosAlConfirmar };
  return repositorios;
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * `withTransaction` as the app runs it: the events a transaction records are written in one
 * statement right before its COMMIT (realtime/outbox.repository.ts); `afterCommit` kicks the
 * outbox publisher.
 *
 * On a pipelined PostgreSQL pool (db/client.ts) that statement is sent without waiting for
 * its answer, so COMMIT goes right behind it: one round trip for both, which is one round
 * trip less holding every lock the transaction took (docs/decisions/028, "Round trips of an
 * approval"). Its answer is checked once COMMIT answered: if it failed, PostgreSQL rolled the
 * transaction back (COMMIT of a failed transaction reports ROLLBACK, not an error) and its
 * error is thrown here, as if it had failed before COMMIT (it is not retried as a conflict).
 */
export function createAppUnitOfWork(db: Database, afterCommit?: () => void) {
  const unidad = createUnitOfWork(
    db,
    (tx) => createRepositories(tx, { eventosAlConfirmar: true }),
    { afterCommit, beforeCommit: (repositories) => repositories.eventos.flush() },
  );
  if (!enCanalizacion(db)) return unidad;
  const conEventosJuntoAlCommit: AppTransaction = async (work) => {
    let comprobar: () => Promise<void> = async () => {};
    const resultado = await unidad(async (repositories) => {
      const valor = await work(repositories);
      comprobar = repositories.eventos.enviarAntesDeConfirmar();
      return valor;
    });
    await comprobar();
    return resultado;
  };
  return conEventosJuntoAlCommit;
}

/** A PostgreSQL pool in pipeline mode (db/client.ts); PGlite and other pools wait for each answer. */
function enCanalizacion(db: Database): boolean {
  const cliente = (db as { $client?: { options?: { pipeline?: boolean } } }).$client;
  return cliente?.options?.pipeline === true;
}

/** The unit of work over every repository, as services receive it. */
export type AppTransaction = WithTransaction<Repositories>;
