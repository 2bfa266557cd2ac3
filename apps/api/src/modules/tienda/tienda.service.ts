import { randomUUID } from 'node:crypto';
import {
  CATEGORIA_LOCAL_MENSAJES,
  type CategoriaLocal,
  type CrearTiendaCampos,
  type EditarTiendaCampos,
  ENTREGA_EN_GRUPO_APAGADA,
  type EntregaEnGrupo,
  ERROR_MESSAGES,
  type TiendaCercana,
  type TiendaConProductos,
  type TiendaDelVendedor,
} from '@compra-grupal/contracts';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { tiendas } from '../../db/schema';
import type { WithTransaction } from '../../db/unit-of-work';
import { allowAnyone, requireActor, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, appError, notFound } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { processImage } from '../../lib/images/image-pipeline';
import { centavosAPesos, pesosACentavos } from '../../lib/money';
import type { OutboxRepository } from '../../realtime/outbox.repository';
import { toProducto } from '../producto/producto.mapper';
import type { TiendaRepository } from './tienda.repository';
import { registrarTiendaActualizada } from './tienda-actualizada';

const tiendaNoEncontrada = () => notFound('TIENDA_NO_ENCONTRADA');

/** A new logo's storage key: a name the server makes, never reused. */
const nuevaClaveDeLogo = () => `tiendas/${randomUUID()}.jpg`;

/**
 * The storage key of a logo this server stored, from its public URL (local `/uploads/…` or the
 * bucket's address): `tiendas/<uuid>.jpg` from an upload, `tiendas/<tienda id>.jpg` from the
 * demo seed. Anything else answers null and is never removed.
 */
const LOGO_GUARDADO =
  /(?:^|\/)(tiendas\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24})\.jpg)$/;
export const claveDeLogo = (url: string | null): string | null =>
  (url && LOGO_GUARDADO.exec(url)?.[1]) || null;

const categoriaLocal = (fila: { id: string; nombre: string }): CategoriaLocal => ({
  _id: fila.id,
  nombre: fila.nombre,
});

interface TiendaServiceDeps {
  storage: StoragePort;
  withTransaction: WithTransaction<{ tienda: TiendaRepository; eventos: OutboxRepository }>;
}

/** What every view of a store shows of it. */
const datosDeTienda = (tienda: {
  id: string;
  nombre: string;
  descripcion: string;
  logo: string | null;
  telefono: string;
  email: string;
  razonSocial: string;
}) => ({
  _id: tienda.id,
  nombre: tienda.nombre,
  descripcion: tienda.descripcion,
  logo: tienda.logo,
  telefono: tienda.telefono,
  email: tienda.email,
  razonSocial: tienda.razonSocial,
});

type TiendaRow = typeof tiendas.$inferSelect;

/** A store's 'Entrega en grupo' settings in pesos (docs/decisions/057). */
const entregaEnGrupoDe = (tienda: TiendaRow): EntregaEnGrupo => ({
  activa: tienda.entregaEnGrupoActiva,
  base: centavosAPesos(tienda.entregaEnGrupoBaseCentavos),
  porKm: centavosAPesos(tienda.entregaEnGrupoKmCentavos),
  minimo: centavosAPesos(tienda.entregaEnGrupoMinimoCentavos),
});

/** The columns the settings are kept in, in centavos. */
const columnasDeEntregaEnGrupo = (entrega: EntregaEnGrupo) => ({
  entregaEnGrupoActiva: entrega.activa,
  entregaEnGrupoBaseCentavos: pesosACentavos(entrega.base),
  entregaEnGrupoKmCentavos: pesosACentavos(entrega.porKm),
  entregaEnGrupoMinimoCentavos: pesosACentavos(entrega.minimo),
});

/** The seller's own store, with its settings. */
const tiendaDelVendedor = (tienda: TiendaRow): TiendaDelVendedor => ({
  ...datosDeTienda(tienda),
  entregaEnGrupo: entregaEnGrupoDe(tienda),
});

export function createTiendaService({
  repository,
  storage,
  withTransaction,
}: TiendaServiceDeps & { repository: TiendaRepository }) {
  return {
    /**
     * Opens the caller's store (spec: 'Crear Tienda'), not enabled until the product team
     * reviews it. The logo goes through the image pipeline and is stored under a new name; if
     * anything fails after that, the stored file is removed again.
     */
    async crear(actor: Actor | null, campos: CrearTiendaCampos, logo: Buffer | null) {
      requireOwner(actor, campos.userId);
      if (!logo) throw appError(400, 'IMAGEN_REQUERIDA');
      if (await repository.findByUsuario(campos.userId)) throw appError(409, 'TIENDA_EXISTENTE');
      if (!(await repository.existsCategoria(campos.categoriaGlobal))) {
        throw appError(400, 'CATEGORIA_NO_ENCONTRADA');
      }
      const coberturaKm = await repository.findCoberturaKm(campos.cobertura);
      if (coberturaKm === undefined) throw appError(400, 'COBERTURA_NO_ENCONTRADA');

      const { imagen } = await processImage(logo);
      const logoKey = nuevaClaveDeLogo();
      const logoUrl = await storage.save(logoKey, imagen, 'image/jpeg');
      try {
        const { direccion } = campos;
        const tienda = await withTransaction((repos) =>
          repos.tienda.insert({
            id: newId(),
            usuarioId: campos.userId,
            nombre: campos.nombre,
            descripcion: campos.descripcion,
            logo: logoUrl,
            telefono: campos.telefono,
            email: campos.email,
            razonSocial: campos.razonSocial,
            categoriaGlobalId: campos.categoriaGlobal,
            direccion: direccion.direccion,
            calle: direccion.calle,
            altura: direccion.altura,
            departamento: direccion.departamento ?? null,
            direccionDescripcion: direccion.descripcion ?? null,
            ciudad: direccion.ciudad,
            provincia: direccion.provincia,
            codigoPostal: direccion.codigoPostal ?? null,
            latitud: direccion.latitud,
            longitud: direccion.longitud,
            coberturaId: campos.cobertura,
            coberturaKm,
            ...columnasDeEntregaEnGrupo(campos.entregaEnGrupo ?? ENTREGA_EN_GRUPO_APAGADA),
          }),
        );
        return { ...tiendaDelVendedor(tienda), habilitada: tienda.habilitada };
      } catch (error) {
        await storage.delete(logoKey);
        // Two requests of the same user at once: the unique index keeps one store.
        if (isUniqueViolation(error)) throw appError(409, 'TIENDA_EXISTENTE');
        // An admin opening a store for an id that names no account (the category and the
        // coverage were found above).
        if (isForeignKeyViolation(error)) throw notFound('USUARIO_NO_ENCONTRADO');
        throw error;
      }
    },

    /**
     * 'Editar Tienda': the caller's store data, and a new logo when one is sent. The new logo
     * goes through the image pipeline under a new name; the old file is removed only once the
     * change is committed (and only if it is a file we stored), the new one if it is not.
     */
    async editar(
      actor: Actor | null,
      usuarioId: string,
      campos: EditarTiendaCampos,
      logo: Buffer | null,
    ): Promise<TiendaDelVendedor> {
      requireOwner(actor, usuarioId);
      const actual = await repository.findByUsuario(usuarioId);
      if (!actual) throw tiendaNoEncontrada();
      // Spec: 'Logo requerido' when the store has none and none is chosen.
      if (!logo && !actual.logo) throw appError(400, 'IMAGEN_REQUERIDA');

      let nuevo: { key: string; url: string } | undefined;
      if (logo) {
        const { imagen } = await processImage(logo);
        const key = nuevaClaveDeLogo();
        nuevo = { key, url: await storage.save(key, imagen, 'image/jpeg') };
      }
      let cambio: { tienda: typeof actual; logoAnterior: string | null };
      try {
        cambio = await withTransaction(async (repos) => {
          // Locked: of two edits at once, each removes the logo it replaced, no other.
          const bloqueada = await repos.tienda.lockByUsuario(usuarioId);
          if (!bloqueada) throw tiendaNoEncontrada();
          const tienda = await repos.tienda.update(bloqueada.id, {
            nombre: campos.nombre,
            descripcion: campos.descripcion,
            telefono: campos.telefono,
            email: campos.email,
            razonSocial: campos.razonSocial,
            ...(campos.entregaEnGrupo ? columnasDeEntregaEnGrupo(campos.entregaEnGrupo) : {}),
            ...(nuevo ? { logo: nuevo.url } : {}),
          });
          if (!tienda) throw tiendaNoEncontrada();
          await registrarTiendaActualizada(repos.eventos, tienda.id);
          return { tienda, logoAnterior: bloqueada.logo };
        });
      } catch (error) {
        // Failing to remove it must not hide why the edit failed.
        if (nuevo) await storage.delete(nuevo.key).catch(() => undefined);
        throw error;
      }
      const { tienda, logoAnterior } = cambio;
      const claveAnterior =
        nuevo && logoAnterior !== tienda.logo ? claveDeLogo(logoAnterior) : null;
      // The edit is committed: a file that cannot be removed now is left behind, not an error.
      if (claveAnterior) await storage.delete(claveAnterior).catch(() => undefined);
      return tiendaDelVendedor(tienda);
    },

    /** 'Configurar Categorías': the caller's store and its local categories, by name. */
    async categoriasLocales(
      actor: Actor | null,
      usuarioId: string,
    ): Promise<{ tiendaId: string; categoriasLocales: CategoriaLocal[] }> {
      requireOwner(actor, usuarioId);
      const tienda = await repository.findByUsuario(usuarioId);
      if (!tienda) throw tiendaNoEncontrada();
      const filas = await repository.findCategoriasLocales(tienda.id);
      return { tiendaId: tienda.id, categoriasLocales: filas.map(categoriaLocal) };
    },

    /**
     * Saves the store's whole list of local categories in one transaction: an entry with `_id`
     * keeps that category (renamed if its name changed; its id stays), one without is new, and
     * a category left out is removed and taken off every product. Answers the list as saved.
     */
    async editarCategorias(
      actor: Actor | null,
      tiendaId: string,
      pedidas: { _id?: string | undefined; nombre: string }[],
    ): Promise<CategoriaLocal[]> {
      requireActor(actor);
      const tienda = await repository.findById(tiendaId);
      if (!tienda) throw tiendaNoEncontrada();
      requireOwner(actor, tienda.usuarioId);

      const vistas = new Set<string>();
      const repetidas = pedidas.flatMap(({ _id }, index) => {
        if (_id === undefined) return [];
        const repetida = vistas.has(_id);
        vistas.add(_id);
        return repetida
          ? [
              {
                campo: `categoriasLocales.${index}._id`,
                mensaje: 'Esta categoría ya está en la lista',
              },
            ]
          : [];
      });
      if (repetidas.length > 0) {
        throw new AppError(400, 'VALIDACION', 'Una categoría aparece más de una vez', repetidas);
      }

      try {
        return await withTransaction(async (repos) => {
          // Saves of one store run one after the other (each sees the list the last one left).
          if (!(await repos.tienda.lockById(tiendaId))) throw tiendaNoEncontrada();
          const actuales = new Map(
            (await repos.tienda.findCategoriasLocales(tiendaId)).map((c) => [c.id, c.nombre]),
          );
          const ajenas = pedidas.flatMap(({ _id }, index) =>
            _id !== undefined && !actuales.has(_id)
              ? [
                  {
                    campo: `categoriasLocales.${index}._id`,
                    mensaje: ERROR_MESSAGES.CATEGORIA_LOCAL_NO_ENCONTRADA,
                  },
                ]
              : [],
          );
          if (ajenas.length > 0) {
            throw new AppError(
              400,
              'CATEGORIA_LOCAL_NO_ENCONTRADA',
              ERROR_MESSAGES.CATEGORIA_LOCAL_NO_ENCONTRADA,
              ajenas,
            );
          }
          // Removed first, so a new or renamed category may take a removed one's name.
          await repos.tienda.deleteCategoriasLocales(
            [...actuales.keys()].filter((id) => !vistas.has(id)),
          );
          await repos.tienda.renameCategoriasLocales(
            pedidas.flatMap(({ _id, nombre }) =>
              _id !== undefined && actuales.get(_id) !== nombre ? [{ id: _id, nombre }] : [],
            ),
          );
          await repos.tienda.insertCategoriasLocales(
            pedidas
              .filter(({ _id }) => _id === undefined)
              .map(({ nombre }) => ({ id: newId(), tiendaId, nombre })),
          );
          await registrarTiendaActualizada(repos.eventos, tiendaId);
          return (await repos.tienda.findCategoriasLocales(tiendaId)).map(categoriaLocal);
        });
      } catch (error) {
        // The request's names are distinct (its schema); the database may fold case further.
        if (isUniqueViolation(error)) {
          throw new AppError(400, 'VALIDACION', CATEGORIA_LOCAL_MENSAJES.duplicada);
        }
        throw error;
      }
    },

    async queCubren(lat: number, lng: number, q?: string): Promise<TiendaCercana[]> {
      const rows = await repository.findCovering(lat, lng, q || undefined);
      return rows.map((row) => ({
        _id: row.id,
        nombre: row.nombre,
        descripcion: row.descripcion,
        logo: row.logo,
        habilitada: row.habilitada,
        categoriaGlobal: row.categoria_global_id,
        categoriaNombre: row.categoria_nombre,
        productos: row.productos.map((p) => ({
          _id: p._id,
          nombre: p.nombre,
          precio: centavosAPesos(Number(p.precioCentavos)),
          imagen: p.imagen,
        })),
        totalProductos: row.total_productos,
        categoriasLocales: row.categorias_locales,
        distanciaKm: Math.round(Number(row.distancia_m) / 10) / 100,
      }));
    },

    /** Whether the product team enabled the user's store; 404 when the user has none. */
    async estaHabilitada(actor: Actor | null, usuarioId: string): Promise<boolean> {
      requireOwner(actor, usuarioId);
      const tienda = await repository.findByUsuario(usuarioId);
      if (!tienda) throw tiendaNoEncontrada();
      return tienda.habilitada;
    },

    /** The user's own store, enabled or not; 404 when the user has none. */
    async delUsuario(actor: Actor | null, usuarioId: string): Promise<TiendaDelVendedor> {
      requireOwner(actor, usuarioId);
      const tienda = await repository.findByUsuario(usuarioId);
      if (!tienda) throw tiendaNoEncontrada();
      return tiendaDelVendedor(tienda);
    },

    /** The store page: public by design (an enabled store, to anyone). */
    async conProductos(actor: Actor | null, tiendaId: string): Promise<TiendaConProductos> {
      allowAnyone(actor);
      const found = await repository.findEnabledById(tiendaId);
      if (!found) throw tiendaNoEncontrada();
      const productos = await repository.findAvailableProductos(tiendaId);
      const { tienda } = found;
      return {
        ...datosDeTienda(tienda),
        habilitada: tienda.habilitada,
        categoriaGlobal: tienda.categoriaGlobalId,
        categoriaNombre: found.categoriaNombre,
        productos: productos.map(toProducto),
        categoriasLocales: tienda.categoriasLocalesResumen,
      };
    },
  };
}
