CREATE TABLE "intentos_codigo_entrega" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pedido_id" char(24) NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reembolsos_de_grupo" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"grupo_id" char(24) NOT NULL,
	"participante_id" char(24) NOT NULL,
	"pedido_id" char(24) NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"proveedor_pago_id" text,
	"monto_centavos" bigint NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"clave" text NOT NULL,
	"reembolso_id" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"reembolsado_en" timestamp with time zone,
	CONSTRAINT "reembolsos_de_grupo_estado_check" CHECK ("reembolsos_de_grupo"."estado" in ('pendiente', 'reembolsado')),
	CONSTRAINT "reembolsos_de_grupo_monto_check" CHECK ("reembolsos_de_grupo"."monto_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "grupos_de_compra" ADD COLUMN "cancelado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grupos_de_compra" ADD COLUMN "completado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "entregado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "entregado_por" char(24);--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD COLUMN "entrega_metodo" text;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "plazo_grupo_dias" integer;--> statement-breakpoint
ALTER TABLE "reembolsos_de_grupo" ADD CONSTRAINT "reembolsos_de_grupo_grupo_id_grupos_de_compra_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_de_compra"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos_de_grupo" ADD CONSTRAINT "reembolsos_de_grupo_participante_id_participantes_grupo_id_fk" FOREIGN KEY ("participante_id") REFERENCES "public"."participantes_grupo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos_de_grupo" ADD CONSTRAINT "reembolsos_de_grupo_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos_de_grupo" ADD CONSTRAINT "reembolsos_de_grupo_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos_de_grupo" ADD CONSTRAINT "reembolsos_de_grupo_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intentos_codigo_entrega_pedido_idx" ON "intentos_codigo_entrega" USING btree ("pedido_id","creado_en");--> statement-breakpoint
CREATE INDEX "intentos_codigo_entrega_usuario_idx" ON "intentos_codigo_entrega" USING btree ("usuario_id","creado_en");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolsos_de_grupo_participante_idx" ON "reembolsos_de_grupo" USING btree ("participante_id");--> statement-breakpoint
CREATE INDEX "reembolsos_de_grupo_pedido_idx" ON "reembolsos_de_grupo" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "reembolsos_de_grupo_pendientes_idx" ON "reembolsos_de_grupo" USING btree ("creado_en") WHERE "reembolsos_de_grupo"."estado" = 'pendiente';--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_entregado_por_usuarios_id_fk" FOREIGN KEY ("entregado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_entrega_check" CHECK (("pagos_por_vendedor"."entregado_en" is null) = ("pagos_por_vendedor"."entrega_metodo" is null) and ("pagos_por_vendedor"."entrega_metodo" is null or "pagos_por_vendedor"."entrega_metodo" in ('codigo', 'manual')));--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_plazo_grupo_check" CHECK ("productos"."plazo_grupo_dias" is null or "productos"."plazo_grupo_dias" between 1 and 90);--> statement-breakpoint
-- A group's deadline is its opening time plus its product's plazo_grupo_dias, whoever opens it
-- (the ledger in TypeScript or tomar_lugares): set here, once, on insert.
CREATE OR REPLACE FUNCTION grupos_de_compra_fecha_limite() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_dias integer;
BEGIN
  IF NEW.fecha_limite IS NULL THEN
    SELECT plazo_grupo_dias INTO v_dias FROM productos WHERE id = NEW.producto_id;
    IF v_dias IS NOT NULL THEN
      NEW.fecha_limite := NEW.fecha_creacion + make_interval(days => v_dias);
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER grupos_de_compra_fecha_limite BEFORE INSERT ON grupos_de_compra
  FOR EACH ROW EXECUTE FUNCTION grupos_de_compra_fecha_limite();
