-- An UPDATE refreshes only the stores whose rows changed in a column the summary shows. The
-- columns to ignore follow the refresh's name in the trigger's arguments. A purchase only
-- changes a product's stock: it must not write (and so lock) its store's row, or purchases
-- from one seller would queue behind each other and purchases from two sellers taken in
-- opposite order would deadlock.
CREATE OR REPLACE FUNCTION refrescar_tiendas_tocadas() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids char(24)[];
  ignoradas text[] := TG_ARGV[1:];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT tienda_id FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT tienda_id FROM viejas);
  ELSE
    ids := ARRAY(
      SELECT unnest(ARRAY[n.tienda_id, v.tienda_id])
      FROM nuevas n JOIN viejas v ON v.id = n.id
      WHERE to_jsonb(n) - ignoradas IS DISTINCT FROM to_jsonb(v) - ignoradas
      UNION
      -- A row whose id changed has no partner: it counts as touched.
      SELECT n.tienda_id FROM nuevas n WHERE NOT EXISTS (SELECT 1 FROM viejas v WHERE v.id = n.id)
      UNION
      SELECT v.tienda_id FROM viejas v WHERE NOT EXISTS (SELECT 1 FROM nuevas n WHERE n.id = v.id)
    );
  END IF;
  IF cardinality(ids) > 0 THEN
    EXECUTE format('SELECT %I($1)', TG_ARGV[0]) USING ids;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER productos_resumen_update ON productos;--> statement-breakpoint
CREATE TRIGGER productos_resumen_update AFTER UPDATE ON productos
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION refrescar_tiendas_tocadas('refrescar_resumen_tiendas', 'stock');
