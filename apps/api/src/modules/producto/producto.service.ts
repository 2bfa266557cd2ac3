import { randomUUID } from 'node:crypto';
import {
  type CrearProductoCampos,
  type EditarProductoCampos,
  ERROR_MESSAGES,
  type Producto,
  type ProductoEnVenta,
  paquetePorCategoria,
  rooms,
} from '@compra-grupal/contracts';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { WithTransaction } from '../../db/unit-of-work';
import { allowAnyone, requireAccess, requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { processImage } from '../../lib/images/image-pipeline';
import { formatearCentavosBreve, pesosACentavos } from '../../lib/money';
import { lugaresQueFaltan } from '../../lib/texto-es';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import type { NombreDeCategoria } from '../categoria/categoria.ports';
import {
  abrirGrupo,
  cancelarGrupoVacio,
  fijarPrecio,
  type LugaresDelGrupo,
} from '../grupo-de-compra/grupo-de-compra.ports';
import type { TiendaPorId } from '../tienda/tienda.ports';
import { columnasDePaquete } from './paquete-del-producto';
import { toProducto } from './producto.mapper';
import type { ProductoRepository, ProductoRow } from './producto.repository';

const productoNoEncontrado = () => notFound('PRODUCTO_NO_ENCONTRADO');

/** Spec (product wizard, step 7): 'Imagen requerida: Por favor selecciona una imagen para el producto'. */
const imagenRequerida = () =>
  new AppError(400, 'IMAGEN_REQUERIDA', 'Por favor selecciona una imagen para el producto');

/**
 * The storage keys of a product picture and its variants: names the server makes, never
 * reused (`productos/<uuid>.jpg`, `productos/<uuid>-320.jpg` for cards,
 * `productos/<uuid>-640.jpg` for phones).
 */
const nuevasClavesDeImagen = () => {
  const base = `productos/${randomUUID()}`;
  return { imagen: `${base}.jpg`, miniatura: `${base}-320.jpg`, mediana: `${base}-640.jpg` };
};

/**
 * The storage key of a product picture this server stored, from its public URL (local
 * `/uploads/…` or the bucket's address): an upload's `productos/<uuid>[-320|-640].jpg`. Anything
 * else (the demo seed's pictures included) answers null and is never removed.
 */
const IMAGEN_GUARDADA =
  /(?:^|\/)(productos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-320|-640)?\.jpg)$/;
export const claveDeImagen = (url: string | null): string | null =>
  (url && IMAGEN_GUARDADA.exec(url)?.[1]) || null;

interface ImagenGuardada {
  claves: string[];
  /** The product row's picture columns. */
  columnas: Pick<
    ProductoRow,
    'imagen' | 'imagenMiniatura' | 'imagen640' | 'imagenAncho' | 'imagenAlto'
  >;
}

interface ProductoServiceDeps {
  storage: StoragePort;
  /** The product's rows, its groups (the places ledger's) and the outbox. */
  withTransaction: WithTransaction<{
    producto: ProductoRepository;
    grupoDeCompra: LugaresDelGrupo['grupoDeCompra'];
    eventos: OutboxRepository;
  }>;
  repositories: { tienda: TiendaPorId; categoria: NombreDeCategoria };
  /** The product's open group with its forecast (the grupo-de-compra module's). */
  grupoAbierto?: (productoId: string) => Promise<ProductoEnVenta['grupoAbierto']>;
  /** The app's clock: a product's first group opens (and its deadline runs) from it. */
  clock?: Clock;
}

/** What a shared link of a group page shows (Open Graph tags, plugins/web-app-hints.ts). */
export interface VistaPreviaDeGrupo {
  titulo: string;
  descripcion: string;
  /** Absolute URL of the product picture. */
  imagen: string | null;
  /** Absolute URL of the group page. */
  url: string;
  /** Places taken (the share card's version, docs/decisions/053). */
  lugaresOcupados: number;
  /** The picture's size and type, when known (the share card's). */
  imagenMedidas?: { ancho: number; alto: number; tipo: string };
}

export function createProductoService({
  repository,
  storage,
  withTransaction,
  repositories,
  grupoAbierto,
  clock = systemClock,
}: ProductoServiceDeps & { repository: ProductoRepository }) {
  /** Removes stored files; a failure to remove must not hide why the request failed. */
  const borrar = async (claves: (string | null)[]) => {
    for (const clave of claves) {
      if (clave) await storage.delete(clave).catch(() => undefined);
    }
  };

  /** Runs the image pipeline and stores the picture and its variants under new names. */
  const guardarImagen = async (archivo: Buffer): Promise<ImagenGuardada> => {
    const { imagen, miniatura, mediana, ancho, alto } = await processImage(archivo);
    const claves = nuevasClavesDeImagen();
    const guardadas: string[] = [];
    const guardar = async (clave: string, datos: Buffer) => {
      const url = await storage.save(clave, datos, 'image/jpeg');
      guardadas.push(clave);
      return url;
    };
    try {
      const columnas = {
        imagen: await guardar(claves.imagen, imagen),
        imagenMiniatura: await guardar(claves.miniatura, miniatura),
        imagen640: mediana ? await guardar(claves.mediana, mediana.imagen) : null,
        imagenAncho: ancho,
        imagenAlto: alto,
      };
      return { claves: guardadas, columnas };
    } catch (error) {
      await borrar(guardadas);
      throw error;
    }
  };

  /**
   * The seller may sell from this store: it is theirs, the product team enabled it and its
   * Mercado Pago account is linked (spec part 2, section 6). 403 with the reason otherwise.
   */
  const requireTiendaParaVender = async (actor: Actor, tiendaId: string, vendedorId: string) => {
    const tienda = await repositories.tienda.findById(tiendaId);
    if (!tienda) throw notFound('TIENDA_NO_ENCONTRADA');
    // The store must be the seller's own (an admin may act for its owner, never across stores).
    requireOwner(actor, tienda.usuarioId);
    requireAccess(tienda.usuarioId === vendedorId);
    if (!tienda.habilitada) throw appError(403, 'TIENDA_NO_HABILITADA');
    if (!tienda.mpVinculado) throw appError(403, 'MERCADOPAGO_NO_VINCULADO');
    return tienda;
  };

  /** Every local category named must be the store's own: 400 naming the foreign ones. */
  const requireCategoriasDeTienda = async (tiendaId: string, ids: string[]) => {
    const propias = await repository.findCategoriasLocalesDeTienda(tiendaId, ids);
    const ajenas = ids.flatMap((id, index) =>
      propias.has(id)
        ? []
        : [
            {
              campo: `categoriaLocalId.${index}`,
              mensaje: ERROR_MESSAGES.CATEGORIA_LOCAL_NO_ENCONTRADA,
            },
          ],
    );
    if (ajenas.length > 0) {
      throw new AppError(
        400,
        'CATEGORIA_LOCAL_NO_ENCONTRADA',
        ERROR_MESSAGES.CATEGORIA_LOCAL_NO_ENCONTRADA,
        ajenas,
      );
    }
  };

  /** The product's seller, before anything else is read: 404 for an unknown product. */
  const requireDuenio = async (actor: Actor | null, productoId: string) => {
    requireActor(actor);
    const vendedorId = await repository.findVendedorId(productoId);
    if (!vendedorId) throw productoNoEncontrado();
    return requireOwner(actor, vendedorId);
  };

  /** Tells the product's and its store's pages that the seller changed it. */
  const productoActualizado = async (
    repos: { eventos: OutboxRepository },
    producto: ProductoRow,
  ) => {
    for (const sala of [rooms.producto(producto.id), rooms.tienda(producto.tiendaId)]) {
      await repos.eventos.registrar(sala, 'productoActualizado', { productoId: producto.id });
    }
  };

  return {
    /** A product on sale: public by design (the product page, to anyone). */
    async obtener(actor: Actor | null, id: string): Promise<ProductoEnVenta> {
      allowAnyone(actor);
      const row = await repository.findPublicById(id);
      if (!row) throw productoNoEncontrado();
      return {
        ...toProducto(row.producto),
        tienda: { _id: row.producto.tiendaId, nombre: row.tiendaNombre },
        grupoAbierto: grupoAbierto ? await grupoAbierto(row.producto.id) : null,
      };
    },

    /**
     * The ownership check of a product's routes, run before the multipart form is read
     * (a stranger's upload is refused before it is read). The service methods check again.
     */
    async verificarDuenio(actor: Actor | null, productoId: string): Promise<void> {
      await requireDuenio(actor, productoId);
    },

    /**
     * 'Cargar Producto': a product of the caller's enabled store with a linked Mercado Pago
     * account. The picture goes through the image pipeline (its variants under new names);
     * the product and its first purchase group open in one transaction, and the stored files
     * are removed again if it fails.
     */
    async crear(
      actor: Actor | null,
      campos: CrearProductoCampos,
      archivo: Buffer | null,
    ): Promise<Producto> {
      const caller = requireOwner(actor, campos.vendedorId);
      const tienda = await requireTiendaParaVender(caller, campos.tiendaId, campos.vendedorId);
      await requireCategoriasDeTienda(campos.tiendaId, campos.categoriaLocalId);
      if (!archivo) throw imagenRequerida();
      const paquete =
        campos.paquete ??
        paquetePorCategoria(
          tienda.categoriaGlobalId
            ? await repositories.categoria.nombreDe(tienda.categoriaGlobalId)
            : null,
        );

      const guardada = await guardarImagen(archivo);
      try {
        const row = await withTransaction(async (repos) => {
          const producto = await repos.producto.insert({
            id: newId(),
            tiendaId: campos.tiendaId,
            vendedorId: campos.vendedorId,
            nombre: campos.nombre,
            descripcion: campos.descripcion,
            precioCentavos: pesosACentavos(campos.precio),
            categoriaLocalIds: campos.categoriaLocalId,
            ...columnasDePaquete(paquete),
            ...guardada.columnas,
            stock: campos.stock,
            cantidadTotalGrupo: campos.cantidadTotalGrupo,
            // Each group's deadline follows from it (trigger of migration 0017).
            plazoGrupoDias: campos.plazoGrupoDias ?? null,
          });
          // Every product on sale has an open group to share from the start (DESIGN.md).
          await abrirGrupo(repos, producto, clock.now());
          return producto;
        });
        return toProducto(row);
      } catch (error) {
        await borrar(guardada.claves);
        throw error;
      }
    },

    /**
     * 'Editar producto': the seller's product in an enabled store with Mercado Pago linked.
     * A new picture goes through the pipeline under new names; the old files are removed only
     * once the change is committed (and only if this server stored them), the new ones if it
     * is not. A new `cantidadTotalGrupo` applies to the groups opened from now on: the open
     * group keeps the size it opened with. A stock change records `stockActualizado`.
     */
    async editar(
      actor: Actor | null,
      productoId: string,
      campos: EditarProductoCampos,
      archivo: Buffer | null,
    ): Promise<Producto> {
      const caller = await requireDuenio(actor, productoId);
      const actual = await repository.findById(productoId);
      if (!actual) throw productoNoEncontrado();
      if (actual.retiradoEn) throw appError(409, 'PRODUCTO_NO_MODIFICABLE');
      await requireTiendaParaVender(caller, actual.tiendaId, actual.vendedorId);
      await requireCategoriasDeTienda(actual.tiendaId, campos.categoriaLocalId);

      const nueva = archivo ? await guardarImagen(archivo) : undefined;
      let cambio: { producto: ProductoRow; anterior: ProductoRow };
      try {
        cambio = await withTransaction(async (repos) => {
          // Locked: of two edits at once, each sees the stock and the files the other left.
          const anterior = await repos.producto.lockById(productoId);
          if (!anterior) throw productoNoEncontrado();
          if (anterior.retiradoEn) throw appError(409, 'PRODUCTO_NO_MODIFICABLE');
          const editado = await repos.producto.update(productoId, {
            nombre: campos.nombre,
            descripcion: campos.descripcion,
            stock: campos.stock,
            cantidadTotalGrupo: campos.cantidadTotalGrupo,
            categoriaLocalIds: campos.categoriaLocalId,
            ...(campos.paquete ? columnasDePaquete(campos.paquete) : {}),
            ...(nueva ? nueva.columnas : {}),
          });
          if (!editado) throw productoNoEncontrado();
          // The price is the ledger's: it waits for the next group when people are in this one.
          const precio = await fijarPrecio(repos, productoId, pesosACentavos(campos.precio));
          const producto = { ...editado, ...precio };
          if (producto.stock !== anterior.stock) {
            await repos.eventos.registrar(rooms.producto(productoId), 'stockActualizado', {
              productoId,
              nuevoStock: producto.stock,
            });
          }
          await productoActualizado(repos, producto);
          return { producto, anterior };
        });
      } catch (error) {
        if (nueva) await borrar(nueva.claves);
        throw error;
      }
      const { producto, anterior } = cambio;
      // The edit is committed: a file that cannot be removed now is left behind, not an error.
      if (nueva) {
        await borrar(
          [anterior.imagen, anterior.imagenMiniatura, anterior.imagen640].map(claveDeImagen),
        );
      }
      return toProducto(producto);
    },

    /** 'Mis Productos': the seller's products on sale or not, withdrawn ones left out, newest first. */
    async delVendedor(actor: Actor | null, usuarioId: string): Promise<Producto[]> {
      requireOwner(actor, usuarioId);
      return (await repository.findByVendedor(usuarioId)).map(toProducto);
    },

    /** Whether the user sells the product (the product page's owner panel). */
    async esPropietario(actor: Actor | null, productoId: string, usuarioId: string) {
      requireOwner(actor, usuarioId);
      const vendedorId = await repository.findVendedorId(productoId);
      if (!vendedorId) throw productoNoEncontrado();
      return vendedorId === usuarioId;
    },

    /**
     * Withdraws the product from sale (the delete-looking button of Mis Productos): it is no
     * longer listed, shown or sold, and its open group is cancelled when no one took a place
     * in it. A product with paid places in its open group stays: 409 PRODUCTO_CON_LUGARES_PAGADOS
     * (its seller closes that group first). A second call answers 404: the product is gone.
     * Files stay: orders and closed groups still show the picture.
     */
    async retirar(actor: Actor | null, productoId: string): Promise<void> {
      await requireDuenio(actor, productoId);
      await withTransaction(async (repos) => {
        // The ledger locks the product row before it writes a group's places: so do we.
        const producto = await repos.producto.lockById(productoId);
        if (!producto || producto.retiradoEn) throw productoNoEncontrado();
        await cancelarGrupoVacio(repos, producto);
        if (await repos.producto.hasGrupoAbierto(productoId)) {
          throw appError(409, 'PRODUCTO_CON_LUGARES_PAGADOS');
        }
        await repos.producto.markRetirado(productoId);
        await productoActualizado(repos, producto);
      });
    },

    /**
     * What a shared link of a group page shows: public (anyone may open the page). Undefined
     * for an unknown group or one whose product is not on sale.
     */
    async vistaPreviaDeGrupo(
      actor: Actor | null,
      grupoId: string,
      publicUrl: string,
    ): Promise<VistaPreviaDeGrupo | undefined> {
      allowAnyone(actor);
      const row = await repository.findVistaPreviaDeGrupo(grupoId);
      if (!row) return undefined;
      const precio = formatearCentavosBreve(row.precioCentavos);
      const faltan = row.lugaresNecesarios - row.lugaresOcupados;
      const estado =
        row.estado !== 'abierto'
          ? row.estado === 'cancelado'
            ? 'Grupo cancelado'
            : 'Grupo completo'
          : lugaresQueFaltan(faltan);
      return {
        titulo: `${row.nombre} — Compra Grupal`,
        descripcion: `${estado}. ${precio} por unidad.`,
        // Local storage answers `/uploads/…`; a bucket, its own absolute address.
        imagen: row.imagen ? new URL(row.imagen, `${publicUrl}/`).href : null,
        url: `${publicUrl}/group/${grupoId}`,
        lugaresOcupados: row.lugaresOcupados,
      };
    },
  };
}

export type ProductoService = ReturnType<typeof createProductoService>;
