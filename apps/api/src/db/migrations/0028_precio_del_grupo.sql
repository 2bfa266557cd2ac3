-- A group's unit price is fixed when it opens (docs/decisions/054); a price its seller sets
-- while people are in it waits in productos.precio_siguiente_centavos. Groups stored before it
-- take the price their members paid (every member of one group was charged the product's
-- price at checkout), or the product's price when nobody joined yet.
ALTER TABLE "grupos_de_compra" ADD COLUMN "precio_centavos" bigint;--> statement-breakpoint
UPDATE "grupos_de_compra" AS g SET "precio_centavos" = coalesce(
  (SELECT max(l."precio_centavos") FROM "participantes_grupo" AS pg
     JOIN "pedido_lineas" AS l ON l."pedido_id" = pg."pedido_id" AND l."producto_id" = g."producto_id"
   WHERE pg."grupo_id" = g."id"),
  (SELECT p."precio_centavos" FROM "productos" AS p WHERE p."id" = g."producto_id"));--> statement-breakpoint
ALTER TABLE "grupos_de_compra" ALTER COLUMN "precio_centavos" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "grupos_de_compra" ADD CONSTRAINT "grupos_de_compra_precio_check" CHECK ("grupos_de_compra"."precio_centavos" >= 0);--> statement-breakpoint
ALTER TABLE "reembolsos" DROP CONSTRAINT "reembolsos_motivo_check";--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_motivo_check" CHECK ("reembolsos"."motivo" in ('grupo_cancelado', 'pago_duplicado', 'sin_stock', 'pago_no_coincide', 'pedido_vencido', 'precio_cambiado'));--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "precio_siguiente_centavos" bigint;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_precio_siguiente_check" CHECK ("productos"."precio_siguiente_centavos" >= 0);--> statement-breakpoint
-- A product whose price changed while its open group had members sells at the group's price
-- until it completes; its seller's price waits for the next group.
UPDATE "productos" AS p SET "precio_siguiente_centavos" = p."precio_centavos",
    "precio_centavos" = g."precio_centavos"
  FROM "grupos_de_compra" AS g
  WHERE g."producto_id" = p."id" AND g."estado" = 'abierto' AND g."precio_centavos" <> p."precio_centavos";--> statement-breakpoint
-- tomar_lugares takes the take's unit price (p_precio): the old signature goes.
DROP FUNCTION IF EXISTS tomar_lugares(char(24), integer, char(24), char(24), char(24), char(24)[], timestamptz, char(24));
