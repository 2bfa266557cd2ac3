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
CREATE OR REPLACE FUNCTION categorias_locales_insertadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrescar_categorias_locales_tiendas(ARRAY(SELECT DISTINCT tienda_id FROM nuevas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categorias_locales_actualizadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrescar_categorias_locales_tiendas(
    ARRAY(SELECT tienda_id FROM nuevas UNION SELECT tienda_id FROM viejas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categorias_locales_borradas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrescar_categorias_locales_tiendas(ARRAY(SELECT DISTINCT tienda_id FROM viejas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categorias_locales_resumen_insert AFTER INSERT ON categorias_locales
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION categorias_locales_insertadas();
--> statement-breakpoint
CREATE TRIGGER categorias_locales_resumen_update AFTER UPDATE ON categorias_locales
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION categorias_locales_actualizadas();
--> statement-breakpoint
CREATE TRIGGER categorias_locales_resumen_delete AFTER DELETE ON categorias_locales
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION categorias_locales_borradas();
--> statement-breakpoint
SELECT refrescar_categorias_locales_tiendas(ARRAY(SELECT id FROM tiendas));
