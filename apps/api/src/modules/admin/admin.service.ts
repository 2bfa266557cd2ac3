import { type EstadoRevision, type TiendaEnRevision, userRoom } from '@compra-grupal/contracts';
import type { Repositories } from '../../composition';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireRole } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { TiendaEnRevisionRow, TiendaRepository } from '../tienda/tienda.repository';

interface AdminServiceDeps {
  withTransaction: WithTransaction<Repositories>;
}

const tiendaEnRevision = (row: TiendaEnRevisionRow): TiendaEnRevision => ({
  _id: row.id,
  nombre: row.nombre,
  descripcion: row.descripcion,
  logo: row.logo,
  telefono: row.telefono,
  email: row.email,
  razonSocial: row.razonSocial,
  habilitada: row.habilitada,
  mpVinculado: row.mpVinculado,
  categoriaNombre: row.categoriaNombre,
  coberturaNombre: row.coberturaNombre,
  coberturaKm: row.coberturaKm,
  direccion: row.direccion,
  ciudad: row.ciudad,
  provincia: row.provincia,
  usuarioEmail: row.usuarioEmail,
  creadoEn: row.creadoEn.toISOString(),
});

const MENSAJES = {
  habilitada: { cambio: 'Tienda habilitada', igual: 'La tienda ya estaba habilitada' },
  deshabilitada: { cambio: 'Tienda deshabilitada', igual: 'La tienda ya estaba deshabilitada' },
} as const;

/**
 * The product team's review of stores (DESIGN.md section 3: a new store is not enabled until
 * the team enables it), for the admin screen and the admin command line alike. Admins only.
 *
 * Enabling does not require a linked Mercado Pago account (docs/decisions/018): the team may
 * enable a store whose seller links the account afterwards; the list shows `mpVinculado`, and
 * a store without an account still cannot take part in a payment.
 */
export function createAdminService(
  repository: TiendaRepository,
  { withTransaction }: AdminServiceDeps,
) {
  /**
   * Enables or disables a store, once: asking again changes nothing and records nothing.
   * Enabling records `tiendaHabilitada` for the owner's private room in the same transaction,
   * so the seller's open Mi Tienda turns into the panel once it commits.
   */
  async function cambiar(actor: Actor | null, tiendaId: string, habilitada: boolean) {
    requireRole(actor, 'admin');
    return withTransaction(async ({ tienda, eventos }) => {
      const cambiada = await tienda.setHabilitada(tiendaId, habilitada);
      if (cambiada && habilitada) {
        await eventos.registrar(userRoom(cambiada.usuarioId), 'tiendaHabilitada', { tiendaId });
      }
      const [row] = await tienda.findEnRevision('todas', tiendaId);
      if (!row) throw notFound('TIENDA_NO_ENCONTRADA');
      const mensajes = MENSAJES[habilitada ? 'habilitada' : 'deshabilitada'];
      return {
        mensaje: cambiada ? mensajes.cambio : mensajes.igual,
        tienda: tiendaEnRevision(row),
      };
    });
  }

  return {
    /** Stores to review: pending (not enabled), enabled, or all; newest first. */
    async tiendas(actor: Actor | null, estado: EstadoRevision): Promise<TiendaEnRevision[]> {
      requireRole(actor, 'admin');
      return (await repository.findEnRevision(estado)).map(tiendaEnRevision);
    },

    habilitar: (actor: Actor | null, tiendaId: string) => cambiar(actor, tiendaId, true),

    /** Takes the store off the marketplace listing (no event: the seller's screens recheck). */
    deshabilitar: (actor: Actor | null, tiendaId: string) => cambiar(actor, tiendaId, false),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
