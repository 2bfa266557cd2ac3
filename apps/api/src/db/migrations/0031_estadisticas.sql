-- The numbers sellers and the team run the business on (docs/decisions/058): when each part was
-- sold and the fees its payment carried, indexes for a store's and the marketplace's periods,
-- and the team's retries of refunds.
CREATE TABLE "reintentos_de_reembolso" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"reembolso_id" char(24) NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"resultado" text NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reintentos_de_reembolso_resultado_check" CHECK ("reintentos_de_reembolso"."resultado" in ('reembolsado', 'fallido', 'ya_reembolsado', 'en_curso'))
);
--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "aprobado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "comision_mp_centavos" bigint;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "comision_marketplace_centavos" bigint;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD COLUMN "vendido_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reintentos_de_reembolso" ADD CONSTRAINT "reintentos_de_reembolso_reembolso_id_reembolsos_id_fk" FOREIGN KEY ("reembolso_id") REFERENCES "public"."reembolsos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reintentos_de_reembolso" ADD CONSTRAINT "reintentos_de_reembolso_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reintentos_de_reembolso_reembolso_idx" ON "reintentos_de_reembolso" USING btree ("reembolso_id","creado_en");--> statement-breakpoint
CREATE INDEX "reembolsos_tienda_idx" ON "reembolsos" USING btree ("tienda_id","pedido_id") WHERE "reembolsos"."estado" = 'reembolsado';--> statement-breakpoint
CREATE INDEX "reembolsos_reembolsado_idx" ON "reembolsos" USING btree ("reembolsado_en") WHERE "reembolsos"."estado" = 'reembolsado';--> statement-breakpoint
CREATE INDEX "pagos_por_vendedor_ventas_idx" ON "pagos_por_vendedor" USING btree ("tienda_id","aprobado_en") WHERE "pagos_por_vendedor"."aprobado_en" is not null;--> statement-breakpoint
CREATE INDEX "pagos_por_vendedor_aprobado_idx" ON "pagos_por_vendedor" USING btree ("aprobado_en") WHERE "pagos_por_vendedor"."aprobado_en" is not null;--> statement-breakpoint
CREATE INDEX "pedido_lineas_ventas_idx" ON "pedido_lineas" USING btree ("tienda_id","vendido_en") WHERE "pedido_lineas"."vendido_en" is not null;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_comisiones_check" CHECK (coalesce("pagos_por_vendedor"."comision_mp_centavos", 0) >= 0 and coalesce("pagos_por_vendedor"."comision_marketplace_centavos", 0) >= 0);--> statement-breakpoint
-- Parts sold before this migration: their sale is the applied approval of their payment.
UPDATE "pagos_por_vendedor" AS v SET "aprobado_en" = p."creado_en"
FROM "pagos_proveedor" AS p
WHERE p."proveedor_pago_id" = v."proveedor_pago_id" AND v."aprobado_en" IS NULL;
--> statement-breakpoint
-- Parts approved with no provider payment on record (the demo's): sold when they were created.
UPDATE "pagos_por_vendedor" SET "aprobado_en" = "creado_en"
WHERE "aprobado_en" IS NULL AND "estado" = 'aprobado';
--> statement-breakpoint
-- Their lines: sold when the part was.
UPDATE "pedido_lineas" AS l SET "vendido_en" = v."aprobado_en"
FROM "pagos_por_vendedor" AS v
WHERE v."pedido_id" = l."pedido_id" AND v."tienda_id" = l."tienda_id" AND v."aprobado_en" IS NOT NULL;
