import type {
  TiendaCercana,
  TiendaConProductos,
  TiendaDelVendedor,
} from '@compra-grupal/contracts';
import { allowAnyone, requireOwner } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { centavosAPesos } from '../../lib/money';
import { toProducto } from '../producto/producto.mapper';
import type { TiendaRepository } from './tienda.repository';

const tiendaNoEncontrada = () => notFound('TIENDA_NO_ENCONTRADA');

export function createTiendaService(repository: TiendaRepository) {
  return {
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
      return {
        _id: tienda.id,
        nombre: tienda.nombre,
        descripcion: tienda.descripcion,
        logo: tienda.logo,
        telefono: tienda.telefono,
        email: tienda.email,
        razonSocial: tienda.razonSocial,
      };
    },

    /** The store page: public by design (an enabled store, to anyone). */
    async conProductos(actor: Actor | null, tiendaId: string): Promise<TiendaConProductos> {
      allowAnyone(actor);
      const found = await repository.findEnabledById(tiendaId);
      if (!found) throw tiendaNoEncontrada();
      const productos = await repository.findAvailableProductos(tiendaId);
      const { tienda } = found;
      return {
        _id: tienda.id,
        nombre: tienda.nombre,
        descripcion: tienda.descripcion,
        logo: tienda.logo,
        telefono: tienda.telefono,
        email: tienda.email,
        razonSocial: tienda.razonSocial,
        habilitada: tienda.habilitada,
        categoriaGlobal: tienda.categoriaGlobalId,
        categoriaNombre: found.categoriaNombre,
        productos: productos.map(toProducto),
        categoriasLocales: tienda.categoriasLocalesResumen,
      };
    },
  };
}
