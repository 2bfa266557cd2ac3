-- Keeps tiendas.productos_destacados (the newest 6 available products) and
-- tiendas.total_productos current whenever products change, so the marketplace listing reads
-- one row per store instead of aggregating every store's products on each request.
CREATE OR REPLACE FUNCTION refrescar_resumen_tiendas(ids char(24)[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tiendas t SET
    total_productos = (
      SELECT count(*) FROM productos p WHERE p.tienda_id = t.id AND p.disponible
    ),
    productos_destacados = coalesce((
      SELECT jsonb_agg(jsonb_build_object(
          '_id', x.id, 'nombre', x.nombre, 'precioCentavos', x.precio_centavos,
          'imagen', coalesce(x.imagen_miniatura, x.imagen))
        ORDER BY x.fecha_creacion DESC, x.id)
      FROM (
        SELECT * FROM productos p WHERE p.tienda_id = t.id AND p.disponible
        ORDER BY p.fecha_creacion DESC, p.id LIMIT 6
      ) x
    ), '[]'::jsonb)
  WHERE t.id = ANY(ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION productos_insertados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrescar_resumen_tiendas(ARRAY(SELECT DISTINCT tienda_id FROM nuevas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION productos_actualizados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrescar_resumen_tiendas(
    ARRAY(SELECT tienda_id FROM nuevas UNION SELECT tienda_id FROM viejas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION productos_borrados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrescar_resumen_tiendas(ARRAY(SELECT DISTINCT tienda_id FROM viejas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER productos_resumen_insert AFTER INSERT ON productos
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION productos_insertados();
--> statement-breakpoint
CREATE TRIGGER productos_resumen_update AFTER UPDATE ON productos
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION productos_actualizados();
--> statement-breakpoint
CREATE TRIGGER productos_resumen_delete AFTER DELETE ON productos
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION productos_borrados();
--> statement-breakpoint
SELECT refrescar_resumen_tiendas(ARRAY(SELECT id FROM tiendas));
