import type { TiendaEnRevisionRow, TiendaRepository } from './tienda.repository';

/**
 * What the tienda module offers the product team's review (admin): the stores to review.
 * Other modules name this, never the repository (docs/decisions/031).
 */
export type TiendasEnRevision = Pick<TiendaRepository, 'findEnRevision'>;
export type { TiendaEnRevisionRow };

/** A store by its id, as the product module checks a store it adds to. */
export type TiendaPorId = Pick<TiendaRepository, 'findById'>;

/**
 * The seller's store, as linking a Mercado Pago account finds it (also inside its
 * transaction).
 */
export type TiendaDelUsuario = Pick<TiendaRepository, 'findByUsuario'>;

/** A store with its owner's name and email, as the messages to its seller read it (aviso). */
export type TiendaConDuenio = Pick<TiendaRepository, 'findConDuenio'>;

/** Enabling or disabling a store from the product team's review (admin), and reading it back. */
export type HabilitacionDeTienda = Pick<TiendaRepository, 'setHabilitada' | 'findEnRevision'>;
