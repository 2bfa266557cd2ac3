ALTER TABLE "productos" ADD COLUMN "retirado_en" timestamp with time zone;--> statement-breakpoint
-- A product its seller withdrew from sale (DELETE producto/{id}) is never listed, shown or sold
-- again. It is also not `disponible`, and this CHECK keeps it so: every reader that already
-- shows only available products (the store page, the marketplace cards and search, the store
-- summaries of 0005/0008) leaves withdrawn products out without knowing about them.
ALTER TABLE "productos" ADD CONSTRAINT "productos_retirado_no_disponible_check" CHECK ("productos"."retirado_en" is null or not "productos"."disponible");--> statement-breakpoint
-- The store summaries say so too, in case `disponible` ever means something else.
CREATE OR REPLACE FUNCTION refrescar_resumen_tiendas(ids char(24)[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tiendas t SET
    total_productos = (
      SELECT count(*) FROM productos p
      WHERE p.tienda_id = t.id AND p.disponible AND p.retirado_en IS NULL
    ),
    productos_destacados = coalesce((
      SELECT jsonb_agg(jsonb_build_object(
          '_id', x.id, 'nombre', x.nombre, 'precioCentavos', x.precio_centavos,
          'imagen', coalesce(x.imagen_miniatura, x.imagen))
        ORDER BY x.fecha_creacion DESC, x.id)
      FROM (
        SELECT * FROM productos p
        WHERE p.tienda_id = t.id AND p.disponible AND p.retirado_en IS NULL
        ORDER BY p.fecha_creacion DESC, p.id LIMIT 6
      ) x
    ), '[]'::jsonb)
  WHERE t.id = ANY(ids);
END $$;
