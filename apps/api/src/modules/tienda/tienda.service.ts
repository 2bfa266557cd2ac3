import { randomUUID } from 'node:crypto';
import type {
  CrearTiendaCampos,
  TiendaCercana,
  TiendaConProductos,
  TiendaDelVendedor,
} from '@compra-grupal/contracts';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Repositories } from '../../composition';
import type { WithTransaction } from '../../db/unit-of-work';
import { allowAnyone, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { appError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { processImage } from '../../lib/images/image-pipeline';
import { centavosAPesos } from '../../lib/money';
import { toProducto } from '../producto/producto.mapper';
import type { TiendaRepository } from './tienda.repository';

const tiendaNoEncontrada = () => notFound('TIENDA_NO_ENCONTRADA');

interface TiendaServiceDeps {
  storage: StoragePort;
  withTransaction: WithTransaction<Repositories>;
}

const tiendaDelVendedor = (tienda: {
  id: string;
  nombre: string;
  descripcion: string;
  logo: string | null;
  telefono: string;
  email: string;
  razonSocial: string;
}): TiendaDelVendedor => ({
  _id: tienda.id,
  nombre: tienda.nombre,
  descripcion: tienda.descripcion,
  logo: tienda.logo,
  telefono: tienda.telefono,
  email: tienda.email,
  razonSocial: tienda.razonSocial,
});

export function createTiendaService(
  repository: TiendaRepository,
  { storage, withTransaction }: TiendaServiceDeps,
) {
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
      if (!(await repository.categoriaExiste(campos.categoriaGlobal))) {
        throw appError(400, 'CATEGORIA_NO_ENCONTRADA');
      }
      const coberturaKm = await repository.coberturaKm(campos.cobertura);
      if (coberturaKm === undefined) throw appError(400, 'COBERTURA_NO_ENCONTRADA');

      const { imagen } = await processImage(logo);
      const logoKey = `tiendas/${randomUUID()}.jpg`;
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
            departamento: direccion.departamento ?? null,
            direccionDescripcion: direccion.descripcion ?? null,
            ciudad: direccion.ciudad,
            provincia: direccion.provincia,
            codigoPostal: direccion.codigoPostal ?? null,
            latitud: direccion.latitud,
            longitud: direccion.longitud,
            coberturaId: campos.cobertura,
            coberturaKm,
          }),
        );
        return { ...tiendaDelVendedor(tienda), habilitada: tienda.habilitada };
      } catch (error) {
        await storage.delete(logoKey);
        // Two requests of the same user at once: the unique index keeps one store.
        if (isUniqueViolation(error)) throw appError(409, 'TIENDA_EXISTENTE');
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
    async estaHabilitada(actor: Actor | null, userId: string): Promise<boolean> {
      requireOwner(actor, userId);
      const tienda = await repository.findByUsuario(userId);
      if (!tienda) throw tiendaNoEncontrada();
      return tienda.habilitada;
    },

    /** The user's own store, enabled or not; 404 when the user has none. */
    async delUsuario(actor: Actor | null, userId: string): Promise<TiendaDelVendedor> {
      requireOwner(actor, userId);
      const tienda = await repository.findByUsuario(userId);
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
        ...tiendaDelVendedor(tienda),
        habilitada: tienda.habilitada,
        categoriaGlobal: tienda.categoriaGlobalId,
        categoriaNombre: found.categoriaNombre,
        productos: productos.map(toProducto),
        categoriasLocales: tienda.categoriasLocalesResumen,
      };
    },
  };
}
