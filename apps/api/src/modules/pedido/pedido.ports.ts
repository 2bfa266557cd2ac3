import type { CicloDeVidaRepository } from './ciclo-de-vida.repository';
import type { PedidoRepository } from './pedido.repository';

/**
 * The reads the pedido module offers other modules (delivery): the orders' lines and the
 * lifecycle's parts. Other modules name these, never the repositories (docs/decisions/031).
 */
export type LineasDePedidos = PedidoRepository['findLineasDePedidos'];
export type PartesDelCiclo = Pick<CicloDeVidaRepository, 'findPartes'>;

/**
 * The repositories a lifecycle transition (ciclo-de-vida.service.ts) writes through, in the
 * caller's transaction: a module that runs one declares these in its `withTransaction`.
 */
export type { RepositoriosDelCiclo } from './unidades-del-ciclo';

/** The orders of some groups and their parts, as the group cancellation reads them. */
export type PartesDeGrupos = Pick<CicloDeVidaRepository, 'findPedidosDeGrupos' | 'findPartes'>;

/** SQL asking whether the provider holds a payment of an order still pending. */
export { pagoEnAcreditacion } from './ciclo-de-vida.repository';
