import { createHash } from 'node:crypto';
import {
  type CancelarGrupoResponse,
  type EstadoRevision,
  type GrupoParaAdmin,
  type ReembolsoParaAdmin,
  type TiendaEnRevision,
  userRoom,
} from '@compra-grupal/contracts';
import type { WithTransaction } from '../../db/unit-of-work';
import { requireRole } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { centavosAPesos } from '../../lib/money';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import type { CancelacionDeGrupoService } from '../pedido/cancelacion-de-grupo.service';
import type { ReembolsosService } from '../pedido/reembolsos.service';
import type {
  HabilitacionDeTienda,
  TiendaEnRevisionRow,
  TiendasEnRevision,
} from '../tienda/tienda.ports';
import { registrarTiendaActualizada } from '../tienda/tienda-actualizada';

interface AdminServiceDeps {
  /** A store's review: its state written and the owner told (the outbox). */
  withTransaction: WithTransaction<
    RepositoriosDelAviso & { tienda: HabilitacionDeTienda; eventos: OutboxRepository }
  >;
  /** Tells the seller the store was approved or refused (docs/decisions/042). */
  mensajes?: Pick<Mensajes, 'tiendaAprobada' | 'tiendaRechazada'>;
  clock?: Clock;
  /** Cancelling open groups with their refunds (docs/decisions/026). */
  cancelacionDeGrupo: Pick<CancelacionDeGrupoService, 'abiertos' | 'cancelar' | 'respuesta'>;
  /** The refund ledger: what keeps failing or was refused (docs/decisions/028). */
  reembolsos: Pick<ReembolsosService, 'fallidos'>;
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
 * The product team's review of stores and cancellation of groups (DESIGN.md section 3: a new store is not enabled until
 * the team enables it), for the admin screen and the admin command line alike. Admins only.
 *
 * Enabling does not require a linked Mercado Pago account (docs/decisions/018): the team may
 * enable a store whose seller links the account afterwards; the list shows `mpVinculado`, and
 * a store without an account still cannot take part in a payment.
 */
export function createAdminService({
  repository,
  withTransaction,
  cancelacionDeGrupo,
  reembolsos,
  mensajes,
  clock = systemClock,
}: AdminServiceDeps & { repository: TiendasEnRevision }) {
  /**
   * Enables or disables a store, once: asking again changes nothing and records nothing.
   * Enabling records `tiendaHabilitada` for the owner's private room in the same transaction,
   * so the seller's open Mi Tienda turns into the panel once it commits.
   */
  async function cambiar(
    actor: Actor | null,
    tiendaId: string,
    habilitada: boolean,
    motivo: string | null = null,
  ) {
    requireRole(actor, 'admin');
    return withTransaction(async (repos) => {
      const { tienda, eventos } = repos;
      const cambiada = await tienda.setHabilitada(tiendaId, habilitada);
      // Its page, and its products', appear or go (404) at once, not when the server's copy expires.
      if (cambiada) await registrarTiendaActualizada(eventos, tiendaId);
      if (cambiada && habilitada) {
        await eventos.registrar(userRoom(cambiada.usuarioId), 'tiendaHabilitada', { tiendaId });
      }
      const [row] = await tienda.findEnRevision('todas', tiendaId);
      if (!row) throw notFound('TIENDA_NO_ENCONTRADA');
      const ahora = clock.now();
      if (cambiada && habilitada) await mensajes?.tiendaAprobada(repos, { tiendaId, ahora });
      if (!habilitada && (cambiada || motivo)) {
        // Disabling an enabled store is one event; refusing a pending one is one per reason,
        // so asking again with the same reason tells the seller nothing new.
        const evento = cambiada
          ? `${ahora.getTime()}`
          : `revision-${createHash('sha256')
              .update(motivo ?? '')
              .digest('hex')
              .slice(0, 16)}`;
        await mensajes?.tiendaRechazada(repos, { tiendaId, motivo, evento });
      }
      const textos = MENSAJES[habilitada ? 'habilitada' : 'deshabilitada'];
      return {
        mensaje: cambiada ? textos.cambio : textos.igual,
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

    /**
     * Takes the store off the marketplace listing, or refuses a pending one (no realtime event:
     * the seller's screens recheck); the seller is told, with the reason when one is given.
     */
    deshabilitar: (actor: Actor | null, tiendaId: string, motivo: string | null = null) =>
      cambiar(actor, tiendaId, false, motivo),

    /** The open groups, newest first, with what cancelling each would refund. */
    async grupos(actor: Actor | null): Promise<GrupoParaAdmin[]> {
      requireRole(actor, 'admin');
      return cancelacionDeGrupo.abiertos();
    },

    /**
     * Cancels an open group: `cancelado`, every participant's share refunded through the
     * payments port at once (what fails is retried by the jobs). 409 GRUPO_NO_CANCELABLE when
     * it is not open, 404 GRUPO_NO_ENCONTRADO.
     */
    async cancelarGrupo(actor: Actor | null, grupoId: string): Promise<CancelarGrupoResponse> {
      requireRole(actor, 'admin');
      return cancelacionDeGrupo.respuesta(await cancelacionDeGrupo.cancelar(grupoId));
    },

    /** Refunds that keep failing, and payments refused because they did not match. */
    async reembolsos(actor: Actor | null): Promise<ReembolsoParaAdmin[]> {
      requireRole(actor, 'admin');
      return (await reembolsos.fallidos()).map((r) => ({
        _id: r.id,
        motivo: r.motivo,
        estado: r.estado,
        pedidoId: r.pedidoId,
        tiendaId: r.tiendaId,
        tiendaNombre: r.tiendaNombre,
        monto: centavosAPesos(r.montoCentavos),
        intentos: r.intentos,
        ultimoError: r.ultimoError,
        proximoIntento: r.estado === 'pendiente' ? r.proximoIntentoEn.toISOString() : null,
        fechaCreacion: r.creadoEn.toISOString(),
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
