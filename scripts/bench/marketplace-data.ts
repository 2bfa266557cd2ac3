import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';

export const PALERMO = { lat: -34.5889, lng: -58.4108 };

/**
 * Bulk data for the listing benchmark, generated inside the database: `total` enabled stores
 * with 20 products and 3 local categories each, of which `enRango` sit within 3 km of Palermo with a 5 km coverage
 * (so all of them reach the point) and the rest spread over the rest of Argentina, far enough
 * that none reaches it.
 */
export async function insertMarketplace(
  db: Database,
  total: number,
  enRango: number,
): Promise<void> {
  const cobertura = 'cb0000000000000000000002'; // 'Zona cercana', 5 km
  const lejana = 'cb0000000000000000000004'; // 'Área metropolitana', 40 km
  await db.execute(sql`
    insert into usuarios (id, nombre, email, telefono)
    select 'b1' || lpad(to_hex(i), 22, '0'), 'Vendedor ' || i, 'vendedor' || i || '@bench.test', '1100000000'
    from generate_series(1, ${total}) as i`);
  await db.execute(sql`
    insert into tiendas (id, usuario_id, nombre, descripcion, telefono, email, razon_social,
      categoria_global_id, direccion, ciudad, provincia, latitud, longitud, cobertura_id, cobertura_km,
      habilitada, mp_vinculado)
    select 'c1' || lpad(to_hex(i), 22, '0'), 'b1' || lpad(to_hex(i), 22, '0'), 'Tienda ' || i, 'Descripción de la tienda ' || i,
      '1100000000', 't' || i || '@bench.test', 'Tienda ' || i || ' SRL', 'ca0000000000000000000001',
      'Calle ' || i, 'Ciudad', 'Provincia',
      case when i <= ${enRango}
        then ${PALERMO.lat} + (((i::bigint * 7919) % 1000) / 1000.0 - 0.5) * 0.04
        else -26 - ((i::bigint * 104729) % 2200) / 100.0 end,
      case when i <= ${enRango}
        then ${PALERMO.lng} + (((i::bigint * 6007) % 1000) / 1000.0 - 0.5) * 0.04
        else -68 + ((i::bigint * 15485863) % 700) / 100.0 end,
      case when i <= ${enRango} then ${cobertura} else ${lejana} end,
      case when i <= ${enRango} then 5 else 40 end,
      true, true
    from generate_series(1, ${total}) as i`);
  await db.execute(sql`
    insert into productos (id, tienda_id, vendedor_id, nombre, descripcion, precio_centavos, categoria,
      imagen, imagen_miniatura, stock, cantidad_total_grupo, fecha_creacion,
      paquete_peso_gramos, paquete_largo_mm, paquete_ancho_mm, paquete_alto_mm)
    select 'd1' || lpad(to_hex(t * 20 + p), 22, '0'), 'c1' || lpad(to_hex(t), 22, '0'), 'b1' || lpad(to_hex(t), 22, '0'),
      'Producto ' || p || ' de la tienda ' || t, 'Descripción del producto ' || p,
      100000 + p * 1000, 'Almacén', '/uploads/productos/x.jpg', '/uploads/productos/x-320.jpg', 100, 10,
      now() - (p || ' hours')::interval, 1000, 300, 200, 100
    from generate_series(1, ${total}) as t, generate_series(1, 20) as p`);
  await db.execute(sql`
    insert into categorias_locales (id, tienda_id, nombre)
    select 'e1' || lpad(to_hex(t * 3 + c), 22, '0'), 'c1' || lpad(to_hex(t), 22, '0'), 'Categoría ' || c
    from generate_series(1, ${total}) as t, generate_series(1, 3) as c`);
  // PGlite runs no autovacuum: clean up the store rows the summary triggers rewrote, as a
  // production database would have done on its own.
  await db.execute(sql`vacuum analyze`);
}
