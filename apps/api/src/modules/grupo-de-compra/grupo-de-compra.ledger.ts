import { rooms } from '@compra-grupal/contracts';
import type { GrupoDeCompraRow } from '../../db/schema';
import { appError, notFound } from '../../lib/app-error';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type {
  GrupoDeCompraRepository,
  ProductoDelLedger,
  TomaDeLugares,
} from './grupo-de-compra.repository';

/**
 * The places ledger (DESIGN.md section 3, Purchase groups; docs/decisions/020): the ONLY code
 * that opens groups, writes `lugares_ocupados` or closes a group. Every function takes the
 * repositories of the caller's transaction (`withTransaction`'s argument), so what it writes
 * and the events it records (the outbox, published after commit) commit with the caller's
 * own writes or not at all.
 *
 * Locking: `tomarLugares` and `cerrarGrupo` first lock the product row (`SELECT … FOR UPDATE`),
 * so all writes to one product's groups run one at a time, whatever the number of API nodes;
 * the conditional updates and the table's CHECKs and partial unique index hold the invariants
 * even if that ever failed (a write that would break one fails instead).
 */

/** The product a group opens for (a product row has these fields). */
export type ProductoParaGrupo = Pick<
  ProductoDelLedger,
  'id' | 'tiendaId' | 'nombre' | 'cantidadTotalGrupo' | 'precioCentavos'
>;

export type { TomaDeLugares };

/**
 * What the ledger writes through inside the caller's transaction when another module opens,
 * fills or empties a group (grupo-de-compra.ports.ts offers it): the group's rows and the outbox.
 */
export interface LugaresDelGrupo {
  grupoDeCompra: Pick<
    GrupoDeCompraRepository,
    | 'countParticipantes'
    | 'insertGrupo'
    | 'aplicarPrecioSiguiente'
    | 'tomarPaso'
    | 'cancelAbiertoVacio'
    | 'lockPreciosAbiertos'
    | 'fijarPrecio'
  >;
  eventos: OutboxRepository;
}

/** Some of the group rows' writes, and the outbox. */
type GruposYEventos<K extends keyof GrupoDeCompraRepository> = {
  grupoDeCompra: Pick<GrupoDeCompraRepository, K>;
  eventos: OutboxRepository;
};

export interface TomarLugaresInput {
  productoId: string;
  /** The group the shopper chose (group page), used first if it is still open with room. */
  grupoId?: string | null;
  /** Places to take (a line's `cantidadSolicitada`), > 0. */
  cantidad: number;
  usuarioId: string;
  /** The paid order; null only for demo data. */
  pedidoId: string | null;
  /** The app's clock: a group opened by the take starts (and its deadline runs) from here. */
  ahora: Date;
  /**
   * What the line was charged per unit, which is the open group's price (the caller checked,
   * `preciosDeGrupo`): a group the take opens fixes it (docs/decisions/054). Absent for places
   * no order paid (demo data): they cost the open group's price.
   */
  precioCentavos?: number;
}

/**
 * `grupoActualizado`, built once (every writer of a group announces it through here): the
 * group's state and places, to the group's, product's and store's rooms.
 */
export async function anunciarGrupoActualizado(
  repos: GruposYEventos<'countParticipantes'>,
  producto: Pick<ProductoParaGrupo, 'id' | 'tiendaId' | 'nombre'>,
  grupo: Pick<GrupoDeCompraRow, 'id' | 'estado' | 'lugaresOcupados' | 'lugaresNecesarios'>,
  participantesCount?: number,
): Promise<void> {
  await repos.eventos.registrarEnSalas(
    [rooms.grupo(grupo.id), rooms.producto(producto.id), rooms.tienda(producto.tiendaId)],
    'grupoActualizado',
    {
      grupoId: grupo.id,
      estado: grupo.estado,
      lugaresOcupados: grupo.lugaresOcupados,
      lugaresNecesarios: grupo.lugaresNecesarios,
      participantesCount:
        participantesCount ?? (await repos.grupoDeCompra.countParticipantes(grupo.id)),
      productoNombre: producto.nombre,
    },
  );
}

/** Records `nuevoGrupoCreado` to the product's and the store's rooms. */
async function anunciarNuevoGrupo(
  repos: Pick<LugaresDelGrupo, 'eventos'>,
  producto: Pick<ProductoParaGrupo, 'id' | 'tiendaId' | 'nombre'>,
): Promise<void> {
  const payload = { productoId: producto.id, productoNombre: producto.nombre };
  await repos.eventos.registrarEnSalas(
    [rooms.producto(producto.id), rooms.tienda(producto.tiendaId)],
    'nuevoGrupoCreado',
    payload,
  );
}

/**
 * Opens a new group for the product: `lugaresNecesarios` is the product's current
 * `cantidadTotalGrupo`, and the price every member will pay is the one its seller set last
 * (a waiting price becomes the product's, docs/decisions/054); records `nuevoGrupoCreado` to the product's and the store's rooms.
 *
 * Call it inside your transaction right after inserting a product on sale:
 *
 * ```ts
 * await withTransaction(async (repos) => {
 *   const producto = await repos.producto.insert(...);
 *   await abrirGrupo(repos, producto);
 * });
 * ```
 *
 * Fails (unique violation on `grupos_de_compra_un_abierto_por_producto`) if the product
 * already has an open group. Returns the new group's row.
 */
export async function abrirGrupo(
  repos: GruposYEventos<'insertGrupo' | 'aplicarPrecioSiguiente'>,
  producto: ProductoParaGrupo,
  ahora: Date,
): Promise<GrupoDeCompraRow> {
  const precio = await repos.grupoDeCompra.aplicarPrecioSiguiente(producto.id);
  const grupo = await repos.grupoDeCompra.insertGrupo(
    producto.id,
    producto.cantidadTotalGrupo,
    precio ?? producto.precioCentavos,
    ahora,
  );
  await anunciarNuevoGrupo(repos, producto);
  return grupo;
}

/**
 * Takes `cantidad` places of a product for a user (a paid order line): in the product's open
 * group; when the quantity is larger than the room, the group fills, becomes `cerrado`
 * (`grupoActualizado`) and the rest spills into the next group, opened on the spot
 * (`nuevoGrupoCreado`). Once a group fills, the next one opens if the product is on sale
 * (`disponible`) or places remain to be taken: a paid quantity is never refused, even for a
 * product withdrawn since the payment. With the product locked, its open group is the only one
 * that may take places: a group the shopper chose takes them when it is that group, which is
 * what "still open" means (DESIGN.md).
 *
 * Each step is one round trip (`tomar_lugares`, src/db/functions/tomar-lugares.sql, which
 * returns data only); the events of each step are built here and recorded in the outbox of the
 * caller's transaction. Returns the groups and the places taken in each, in order. 404
 * PRODUCTO_NO_ENCONTRADO when the product does not exist.
 */
export async function tomarLugares(
  repos: LugaresDelGrupo,
  { productoId, grupoId, cantidad, usuarioId, pedidoId, ahora, precioCentavos }: TomarLugaresInput,
): Promise<TomaDeLugares[]> {
  if (!Number.isSafeInteger(cantidad) || cantidad <= 0) {
    throw new RangeError(`tomarLugares: cantidad must be a positive integer, got ${cantidad}`);
  }
  const tomas: TomaDeLugares[] = [];
  let restante = cantidad;
  while (restante > 0) {
    const paso = await repos.grupoDeCompra.tomarPaso({
      productoId,
      cantidad: restante,
      usuarioId,
      pedidoId,
      ahora,
      // The chosen group takes the first places if it is still open; the rest spill over.
      grupoElegido: tomas.length === 0 ? (grupoId ?? null) : null,
      precioCentavos: precioCentavos ?? null,
    });
    if (!paso) throw notFound('PRODUCTO_NO_ENCONTRADO');
    if (paso.abierto) await anunciarNuevoGrupo(repos, paso.producto);
    await anunciarGrupoActualizado(repos, paso.producto, paso.grupo, paso.participantes);
    if (paso.siguiente) await anunciarNuevoGrupo(repos, paso.producto);
    tomas.push({
      grupoId: paso.grupo.id,
      cantidad: paso.cantidad,
      lugaresOcupados: paso.grupo.lugaresOcupados,
      lugaresNecesarios: paso.grupo.lugaresNecesarios,
      estado: paso.grupo.estado,
    });
    restante -= paso.cantidad;
  }
  return tomas;
}

/**
 * Whether every line would take its places at the price it was charged (docs/decisions/054):
 * locks the lines' products, in id order as the takes do, and compares each with its open
 * group's price. A product with no open group opens one at the line's price. Call it right
 * before the takes, in their transaction; false means none may be taken.
 */
export async function preciosCoinciden(
  repos: Pick<LugaresDelGrupo, 'grupoDeCompra'>,
  lineas: readonly { productoId: string; precioCentavos: number }[],
): Promise<boolean> {
  const abiertos = await repos.grupoDeCompra.lockPreciosAbiertos(lineas.map((l) => l.productoId));
  const precioDelGrupo = new Map(abiertos.map((a) => [a.productoId, a.precioCentavos]));
  return lineas.every((linea) => {
    const precio = precioDelGrupo.get(linea.productoId);
    return precio === null || precio === undefined || precio === linea.precioCentavos;
  });
}

/**
 * Its seller sets the product's price (the caller locked the product row): everyone in one
 * group pays the same, so with places taken in the open group the new price waits for the
 * next group; with none, it applies now, to the product and its empty open group
 * (docs/decisions/054).
 */
export function fijarPrecio(
  repos: Pick<LugaresDelGrupo, 'grupoDeCompra'>,
  productoId: string,
  precioCentavos: number,
) {
  return repos.grupoDeCompra.fijarPrecio(productoId, precioCentavos);
}

/**
 * The product leaves sale (its seller withdraws it; the caller locked the product row): its
 * open group is cancelled if no one took a place in it (`grupoActualizado`).
 */
export async function cancelarGrupoVacio(
  repos: LugaresDelGrupo,
  producto: Pick<ProductoParaGrupo, 'id' | 'tiendaId' | 'nombre'>,
): Promise<void> {
  for (const grupo of await repos.grupoDeCompra.cancelAbiertoVacio(producto.id)) {
    await anunciarGrupoActualizado(repos, producto, grupo, 0);
  }
}

/** What closing a group did. */
export interface CierreDeGrupo {
  grupo: GrupoDeCompraRow;
  /** The group opened in its place (the product is on sale), if any. */
  siguiente: GrupoDeCompraRow | undefined;
}

/**
 * Closes an open group early (its seller; the caller checks access first): abierto ->
 * cerrado, irreversible. Records `grupoCerradoPorVendedor` to the group's room and
 * `grupoActualizado` to the group's, product's and store's rooms, and opens the next group if
 * the product is on sale. 404 GRUPO_NO_ENCONTRADO; 400 GRUPO_YA_CERRADO when the group is not
 * open (a second close, or a fill that won the race).
 */
export async function cerrarGrupo(
  repos: { grupoDeCompra: GrupoDeCompraRepository; eventos: OutboxRepository },
  grupoId: string,
  ahora: Date,
): Promise<CierreDeGrupo> {
  const antes = await repos.grupoDeCompra.findById(grupoId);
  if (!antes) throw notFound('GRUPO_NO_ENCONTRADO');
  const producto = await repos.grupoDeCompra.lockProducto(antes.productoId);
  if (!producto) throw notFound('GRUPO_NO_ENCONTRADO');
  const grupo = await repos.grupoDeCompra.markCerrado(grupoId, ahora);
  if (!grupo) throw appError(400, 'GRUPO_YA_CERRADO');
  await repos.eventos.registrar(rooms.grupo(grupo.id), 'grupoCerradoPorVendedor', {
    grupoId: grupo.id,
  });
  await anunciarGrupoActualizado(repos, producto, grupo);
  return { grupo, siguiente: await abrirSiguiente(repos, producto, ahora) };
}

/**
 * A group of the product just ended early (closed by its seller, cancelled): the next opens if
 * the product is on sale, so there is always a group page to share (DESIGN.md). A take that
 * fills a group opens the next inside `tomar_lugares`, by the same rule, in its one round trip.
 */
async function abrirSiguiente(
  repos: GruposYEventos<'insertGrupo' | 'aplicarPrecioSiguiente'>,
  producto: ProductoParaGrupo & Pick<ProductoDelLedger, 'disponible'>,
  ahora: Date,
): Promise<GrupoDeCompraRow | undefined> {
  return producto.disponible ? abrirGrupo(repos, producto, ahora) : undefined;
}

/** What cancelling a group writes through: its rows and the outbox. */
export interface CancelacionDelGrupo {
  grupoDeCompra: Pick<
    GrupoDeCompraRepository,
    | 'lockProducto'
    | 'markCancelado'
    | 'insertGrupo'
    | 'aplicarPrecioSiguiente'
    | 'countParticipantes'
  >;
  eventos: OutboxRepository;
}

/**
 * Cancels an open group (the product team, the deadline job; the caller checks access and,
 * as docs/decisions/046 says, locked the orders with places in it first): locks the product,
 * abierto -> cancelado (`grupoActualizado`), and the next group opens if the product is on
 * sale. 404 GRUPO_NO_ENCONTRADO; 409 GRUPO_NO_CANCELABLE when the group is not open. What the
 * cancellation gives back is the order lifecycle's; the caller refunds with the product still
 * locked.
 */
export async function cancelarGrupo(
  repos: CancelacionDelGrupo,
  grupo: Pick<GrupoDeCompraRow, 'id' | 'productoId'>,
  ahora: Date,
): Promise<{ grupo: GrupoDeCompraRow; producto: ProductoDelLedger }> {
  const producto = await repos.grupoDeCompra.lockProducto(grupo.productoId);
  if (!producto) throw notFound('GRUPO_NO_ENCONTRADO');
  const cancelado = await repos.grupoDeCompra.markCancelado(grupo.id, ahora);
  if (!cancelado) throw appError(409, 'GRUPO_NO_CANCELABLE');
  await anunciarGrupoActualizado(repos, producto, cancelado);
  await abrirSiguiente(repos, producto, ahora);
  return { grupo: cancelado, producto };
}
