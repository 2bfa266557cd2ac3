import {
  GRUPO_MENSAJES,
  type GrupoAbierto,
  type GrupoConProducto,
  type GrupoDeCompra,
  type Prediccion,
} from '@compra-grupal/contracts';
import type { GrupoDeCompraRow } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { allowAnyone, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { centavosAPesos } from '../../lib/money';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { RepositoriosDelAviso } from '../aviso/aviso.service';
import type { Mensajes } from '../aviso/mensajes.service';
import { cerrarGrupo } from './grupo-de-compra.ledger';
import type { GrupoConProductoRow, GrupoDeCompraRepository } from './grupo-de-compra.repository';
import type { Predicciones } from './predicciones.service';

interface GrupoDeCompraServiceDeps {
  withTransaction: WithTransaction<
    RepositoriosDelAviso & {
      grupoDeCompra: GrupoDeCompraRepository;
      eventos: OutboxRepository;
    }
  >;
  /** Tells the group's shoppers and seller it completed (docs/decisions/042). */
  mensajes?: Pick<Mensajes, 'grupoCompleto'>;
  /** Settles 'Entrega en grupo' once the group closed (the pedido module, decision 057). */
  envioEnGrupo?: {
    alTerminarGrupo(repos: Pick<RepositoriosDelAviso, 'ejecutor'>, grupoId: string): Promise<void>;
  };
  /** The app's clock: when a group closes and the next opens. */
  clock?: Clock;
  /** When each open group would fill (decision 052). */
  predicciones: Predicciones;
}

const grupoAbierto = (g: GrupoDeCompraRow, prediccion: Prediccion | undefined): GrupoAbierto => ({
  _id: g.id,
  estado: g.estado,
  lugaresNecesarios: g.lugaresNecesarios,
  lugaresOcupados: g.lugaresOcupados,
  fechaCreacion: g.fechaCreacion.toISOString(),
  prediccion: prediccion ?? null,
});

/**
 * Purchase groups for their seller (Gestión de Grupos, the product's owner panel) and for the
 * public group page. Places are written by the places ledger only (grupo-de-compra.ledger.ts);
 * this service reads, and closes through the ledger.
 *
 * Access (docs/decisions/014): a store's groups, a product's open groups and closing a group
 * belong to the store's owner (or an admin); the group page is public and names nobody;
 * "am I in this group" answers only for the caller's own user id.
 */
export function createGrupoDeCompraService({
  repository,
  withTransaction,
  mensajes,
  envioEnGrupo,
  clock = systemClock,
  predicciones,
}: GrupoDeCompraServiceDeps & { repository: GrupoDeCompraRepository }) {
  return {
    /** GET grupos/tienda/{tiendaId}: the store's groups, newest first, with participants. */
    async deTienda(actor: Actor | null, tiendaId: string): Promise<GrupoDeCompra[]> {
      const duenio = await repository.findDuenioDeTienda(tiendaId);
      if (!duenio) throw notFound('TIENDA_NO_ENCONTRADA');
      requireOwner(actor, duenio);
      const rows = await repository.findDeTienda(tiendaId);
      const [participantes, pronosticos] = await Promise.all([
        repository.findParticipantes(rows.map((r) => r.grupo.id)),
        predicciones(rows.map((r) => r.grupo)),
      ]);
      const porGrupo = new Map<string, { usuarioId: string; cantidad: number }[]>();
      for (const p of participantes) {
        const lista = porGrupo.get(p.grupoId) ?? [];
        lista.push({ usuarioId: p.usuarioId, cantidad: p.cantidad });
        porGrupo.set(p.grupoId, lista);
      }
      return rows.map(({ grupo, producto }) => ({
        ...grupoAbierto(grupo, pronosticos.get(grupo.id)),
        productoId: {
          _id: producto.id,
          nombre: producto.nombre,
          descripcion: producto.descripcion,
          imagen: producto.imagen,
          precio: centavosAPesos(grupo.precioCentavos),
          stock: producto.stock,
        },
        participantes: porGrupo.get(grupo.id) ?? [],
      }));
    },

    /**
     * GET gruposAbiertos/producto/{productoId}: the product's open groups, oldest first, for
     * the owner panel of the product page. The product's owner (or an admin) only: the
     * public sees a product's open group through the product and group pages.
     */
    async abiertosDeProducto(actor: Actor | null, productoId: string): Promise<GrupoAbierto[]> {
      const duenio = await repository.findDuenioDeProducto(productoId);
      if (!duenio) throw notFound('PRODUCTO_NO_ENCONTRADO');
      requireOwner(actor, duenio);
      const grupos = await repository.findAbiertos(productoId);
      const pronosticos = await predicciones(grupos);
      return grupos.map((g) => grupoAbierto(g, pronosticos.get(g.id)));
    },

    /**
     * The product's open group with its forecast, as its public page shows it (the product
     * module's `obtener`); null when none is open.
     */
    async abiertoDeProducto(productoId: string) {
      const grupo = await repository.findAbierto(productoId);
      if (!grupo) return null;
      const pronosticos = await predicciones([grupo]);
      return {
        _id: grupo.id,
        lugaresNecesarios: grupo.lugaresNecesarios,
        lugaresOcupados: grupo.lugaresOcupados,
        prediccion: pronosticos.get(grupo.id) ?? null,
      };
    },

    /**
     * POST cerrarGrupo/{groupId}: the store's owner closes an open group early (irreversible);
     * the next group opens if the product is on sale. 400 GRUPO_YA_CERRADO when it is not open.
     */
    async cerrarPorVendedor(
      actor: Actor | null,
      grupoId: string,
    ): Promise<{ mensaje: string; lugaresOcupados: number }> {
      const duenio = await repository.findDuenio(grupoId);
      if (!duenio) throw notFound('GRUPO_NO_ENCONTRADO');
      requireOwner(actor, duenio.usuarioId);
      const { grupo } = await withTransaction(async (repos) => {
        const cierre = await cerrarGrupo(repos, grupoId, clock.now());
        await mensajes?.grupoCompleto(repos, grupoId);
        await envioEnGrupo?.alTerminarGrupo(repos, grupoId);
        return cierre;
      });
      return { mensaje: GRUPO_MENSAJES.cerrado, lugaresOcupados: grupo.lugaresOcupados };
    },

    /** GET grupoConProducto/{groupId}: the group page (public; no participant is named). */
    async conProducto(actor: Actor | null, grupoId: string): Promise<GrupoConProducto> {
      allowAnyone(actor);
      const row: GrupoConProductoRow | undefined = await repository.findPublicoConProducto(grupoId);
      if (!row) throw notFound('GRUPO_NO_ENCONTRADO');
      const { grupo, producto } = row;
      const pronosticos = await predicciones([grupo]);
      return {
        grupo: {
          _id: grupo.id,
          lugaresNecesarios: grupo.lugaresNecesarios,
          lugaresOcupados: grupo.lugaresOcupados,
          status: grupo.estado,
          fechaCreacion: grupo.fechaCreacion.toISOString(),
          // The deadline the page counts down to (the product's plazoGrupoDias), if any.
          fechaLimite: grupo.fechaLimite?.toISOString() ?? null,
          prediccion: pronosticos.get(grupo.id) ?? null,
        },
        producto: {
          _id: producto.id,
          nombre: producto.nombre,
          descripcion: producto.descripcion,
          precio: centavosAPesos(grupo.precioCentavos),
          imagen: producto.imagen,
          stock: producto.stock,
          disponible: producto.disponible,
          tiendaId: producto.tiendaId,
        },
      };
    },

    /** GET usuarioEnGrupo/{groupId}/{userId}: whether the user took places in the group. */
    async usuarioEnGrupo(actor: Actor | null, grupoId: string, usuarioId: string) {
      requireOwner(actor, usuarioId);
      if (!(await repository.findById(grupoId))) throw notFound('GRUPO_NO_ENCONTRADO');
      return { estaEnGrupo: await repository.existsParticipacion(grupoId, usuarioId) };
    },
  };
}

export type GrupoDeCompraService = ReturnType<typeof createGrupoDeCompraService>;
