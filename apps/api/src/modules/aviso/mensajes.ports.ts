import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { MotivoReembolso } from '../../db/schema';
import type { TiendaConDuenio } from '../tienda/tienda.ports';
import type { ContactoDeUsuario } from '../usuario/usuario.ports';

/**
 * What the transactional messages read (docs/decisions/042), each read answered by the module
 * that owns its rows (docs/tablas-por-modulo.md), on the caller's transaction. The usuario and
 * tienda modules offer theirs through their own ports. The pedido and grupo-de-compra modules
 * depend on this one (they send messages), so their reads are declared here, and their
 * repositories implement them (`pedido-para-mensajes.repository.ts`,
 * `grupo-para-mensajes.repository.ts`): an arrow back to them would make a cycle
 * (docs/decisions/031).
 */

/**
 * SQL that holds for a row with no notice of its key yet (`aviso.repository.ts` builds it from
 * the row's id): the scans read only what nobody was told about.
 */
export type SinAviso = (id: SQLWrapper) => SQL;

/** The scans' window: a deadline after `ahora` and at most `hasta`, `limite` rows a pass. */
export interface Ventana {
  ahora: Date;
  hasta: Date;
  limite: number;
  sinAviso: SinAviso;
}

/** The pedido module's rows (orders, their parts and lines, refunds), as messages read them. */
export interface PedidoParaMensajes {
  /** The order's shopper and when its reservation ends. */
  findPedido(pedidoId: string): Promise<{ usuarioId: string; reservaExpiraEn: Date } | undefined>;
  /** Each seller's payment of the order with its store's name, oldest first. */
  findPagos(
    pedidoId: string,
  ): Promise<{ tiendaId: string; tienda: string; estado: string; montoCentavos: number }[]>;
  /** One seller's payment as its receipt shows it: amounts, the store, the shopper. */
  findRecibo(
    pedidoId: string,
    tiendaId: string,
  ): Promise<
    | {
        usuarioId: string;
        montoCentavos: number;
        envioCentavos: number;
        tienda: string;
        razonSocial: string;
        nombre: string;
        email: string;
      }
    | undefined
  >;
  /** That seller's lines of the order with their product's name, in order. */
  findLineasDelRecibo(
    pedidoId: string,
    tiendaId: string,
  ): Promise<{ producto: string; cantidad: number; precioCentavos: number }[]>;
  /** Unapproved orders still holding their reservation, which ends within the window. */
  findReservasPorVencer(
    ventana: Ventana,
  ): Promise<{ id: string; usuarioId: string; reservaExpiraEn: Date }[]>;
  /** A refund with its store, its seller and, for a group's, the product's name. */
  findReembolso(reembolsoId: string): Promise<
    | {
        motivo: MotivoReembolso;
        pedidoId: string;
        usuarioId: string;
        montoCentavos: number;
        tienda: string;
        vendedorId: string;
        producto: string | null;
      }
    | undefined
  >;
}

/** The grupo-de-compra module's rows (groups, their participants), as messages read them. */
export interface GrupoParaMensajes {
  /** The group with its product's name and its seller (name and email null without one). */
  findGrupo(grupoId: string): Promise<
    | {
        producto: string;
        vendedorId: string;
        vendedorNombre: string | null;
        vendedorEmail: string | null;
      }
    | undefined
  >;
  /** Who took places in the group, oldest first: the order, its code and the person. */
  findParticipantes(grupoId: string): Promise<
    {
      usuarioId: string;
      pedidoId: string;
      codigo: string;
      cantidad: number;
      nombre: string | null;
      email: string | null;
    }[]
  >;
  /** Open groups with places empty whose deadline comes within the window. */
  findPorVencer(ventana: Ventana): Promise<
    {
      id: string;
      fechaLimite: Date | null;
      faltan: number;
      producto: string;
      vendedorId: string;
    }[]
  >;
}

/** Every read of the messages, by the key the unit of work binds it under (repositories.ts). */
export interface LecturasDeMensajes {
  usuario: ContactoDeUsuario;
  tienda: TiendaConDuenio;
  pedidoParaMensajes: PedidoParaMensajes;
  grupoParaMensajes: GrupoParaMensajes;
}
