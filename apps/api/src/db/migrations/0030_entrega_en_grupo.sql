-- 'Entrega en grupo' (docs/decisions/057): a store's prices for it, the routes planned for its
-- groups, and each part's final shipping share (the rest was refunded with motivo envio_en_grupo).
CREATE TABLE "rutas_de_envio" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"paradas" integer NOT NULL,
	"distancia_metros" integer NOT NULL,
	"precio_centavos" bigint NOT NULL,
	"planificada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rutas_de_envio_check" CHECK ("rutas_de_envio"."paradas" > 0 and "rutas_de_envio"."distancia_metros" >= 0 and "rutas_de_envio"."precio_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reembolsos" DROP CONSTRAINT "reembolsos_motivo_check";--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "envio_final_centavos" bigint;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "ruta_de_envio_id" char(24);--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "entrega_en_grupo_activa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "entrega_en_grupo_base_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "entrega_en_grupo_km_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "entrega_en_grupo_minimo_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rutas_de_envio" ADD CONSTRAINT "rutas_de_envio_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rutas_de_envio_tienda_idx" ON "rutas_de_envio" USING btree ("tienda_id","planificada_en");--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_motivo_check" CHECK ("reembolsos"."motivo" in ('grupo_cancelado', 'pago_duplicado', 'sin_stock', 'pago_no_coincide', 'pedido_vencido', 'precio_cambiado', 'envio_en_grupo'));--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_envio_final_check" CHECK (("pagos_por_vendedor"."envio_final_centavos" is null) = ("pagos_por_vendedor"."ruta_de_envio_id" is null) and ("pagos_por_vendedor"."envio_final_centavos" is null or "pagos_por_vendedor"."envio_final_centavos" between 0 and "pagos_por_vendedor"."envio_centavos"));--> statement-breakpoint
ALTER TABLE "tiendas" ADD CONSTRAINT "tiendas_entrega_en_grupo_check" CHECK ("tiendas"."entrega_en_grupo_base_centavos" between 0 and 100000000 and "tiendas"."entrega_en_grupo_km_centavos" between 0 and 10000000 and "tiendas"."entrega_en_grupo_minimo_centavos" between 0 and 100000000);--> statement-breakpoint
-- Kept here, not in the schema: pedido.ts and entrega.ts would import each other.
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_ruta_de_envio_fk" FOREIGN KEY ("ruta_de_envio_id") REFERENCES "public"."rutas_de_envio"("id");
