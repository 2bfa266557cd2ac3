ALTER TABLE "tiendas" ADD COLUMN "categorias_locales_resumen" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Keeps tiendas.categorias_locales_resumen (the store's local categories by name) current, so
-- the marketplace listing reads one row per store instead of querying categorias_locales once
-- for every store it lists.
CREATE OR REPLACE FUNCTION refrescar_categorias_locales_tiendas(ids char(24)[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tiendas t SET categorias_locales_resumen = coalesce((
      SELECT jsonb_agg(jsonb_build_object('_id', l.id, 'nombre', l.nombre) ORDER BY l.nombre, l.id)
      FROM categorias_locales l WHERE l.tienda_id = t.id
    ), '[]'::jsonb)
  WHERE t.id = ANY(ids);
END $$;
--> statement-breakpoint
-- One statement-level trigger function for every per-store summary: it collects the stores the
-- statement touched (from its transition tables) and calls the refresh named by the trigger's
-- argument once with all of them. It replaces the three per-operation functions of 0005.
CREATE OR REPLACE FUNCTION refrescar_tiendas_tocadas() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids char(24)[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT tienda_id FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT tienda_id FROM viejas);
  ELSE
    ids := ARRAY(SELECT tienda_id FROM nuevas UNION SELECT tienda_id FROM viejas);
  END IF;
  EXECUTE format('SELECT %I($1)', TG_ARGV[0]) USING ids;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER productos_resumen_insert ON productos;--> statement-breakpoint
DROP TRIGGER productos_resumen_update ON productos;--> statement-breakpoint
DROP TRIGGER productos_resumen_delete ON productos;--> statement-breakpoint
DROP FUNCTION productos_insertados();--> statement-breakpoint
DROP FUNCTION productos_actualizados();--> statement-breakpoint
DROP FUNCTION productos_borrados();--> statement-breakpoint
CREATE TRIGGER productos_resumen_insert AFTER INSERT ON productos
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_resumen_tiendas');
--> statement-breakpoint
CREATE TRIGGER productos_resumen_update AFTER UPDATE ON productos
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_resumen_tiendas');
--> statement-breakpoint
CREATE TRIGGER productos_resumen_delete AFTER DELETE ON productos
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_resumen_tiendas');
--> statement-breakpoint
CREATE TRIGGER categorias_locales_resumen_insert AFTER INSERT ON categorias_locales
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_categorias_locales_tiendas');
--> statement-breakpoint
CREATE TRIGGER categorias_locales_resumen_update AFTER UPDATE ON categorias_locales
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_categorias_locales_tiendas');
--> statement-breakpoint
CREATE TRIGGER categorias_locales_resumen_delete AFTER DELETE ON categorias_locales
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_categorias_locales_tiendas');
--> statement-breakpoint
SELECT refrescar_categorias_locales_tiendas(ARRAY(SELECT id FROM tiendas));
