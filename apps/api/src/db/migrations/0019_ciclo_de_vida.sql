-- The order lifecycle has one owner in TypeScript (docs/decisions/028): one refund ledger
-- (`reembolsos`) takes the group refunds of `reembolsos_de_grupo` and the whole-payment refunds
-- that `pagos_proveedor` kept as `a_reembolsar`, and the PL/pgSQL of payment approval and
-- place taking (migrations 0013, 0016) is dropped: the approval is TypeScript
-- (modules/pedido/ciclo-de-vida.service.ts) and the ledger's one data-only function lives in
-- src/db/functions/tomar-lugares.sql, applied on every start.
CREATE TABLE "reembolsos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"motivo" text NOT NULL,
	"grupo_id" char(24),
	"participante_id" char(24),
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
	"proximo_intento_en" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"reembolsado_en" timestamp with time zone,
	CONSTRAINT "reembolsos_estado_check" CHECK ("reembolsos"."estado" in ('pendiente', 'reembolsado')),
	CONSTRAINT "reembolsos_monto_check" CHECK ("reembolsos"."monto_centavos" >= 0),
	CONSTRAINT "reembolsos_motivo_check" CHECK ("reembolsos"."motivo" in ('grupo_cancelado', 'pago_duplicado', 'sin_stock', 'pago_no_coincide', 'pedido_vencido'))
);
--> statement-breakpoint
INSERT INTO "reembolsos" ("id", "motivo", "grupo_id", "participante_id", "pedido_id", "tienda_id",
    "usuario_id", "proveedor_pago_id", "monto_centavos", "estado", "clave", "reembolso_id",
    "intentos", "ultimo_error", "proximo_intento_en", "creado_en", "reembolsado_en")
  SELECT "id", 'grupo_cancelado', "grupo_id", "participante_id", "pedido_id", "tienda_id",
    "usuario_id", "proveedor_pago_id", "monto_centavos", "estado", "clave", "reembolso_id",
    "intentos", "ultimo_error", "creado_en", "creado_en", "reembolsado_en"
  FROM "reembolsos_de_grupo";--> statement-breakpoint
INSERT INTO "reembolsos" ("id", "motivo", "pedido_id", "tienda_id", "usuario_id",
    "proveedor_pago_id", "monto_centavos", "estado", "clave", "reembolso_id", "creado_en",
    "reembolsado_en")
  SELECT nuevo_id(),
    CASE WHEN v."estado" = 'reembolsado' THEN 'sin_stock' ELSE 'pago_duplicado' END,
    pp."pedido_id", pp."tienda_id", p."usuario_id", pp."proveedor_pago_id", pp."monto_centavos",
    CASE WHEN pp."estado" = 'reembolsado' THEN 'reembolsado' ELSE 'pendiente' END,
    'reembolso-' || pp."proveedor_pago_id", pp."reembolso_id", pp."creado_en",
    CASE WHEN pp."estado" = 'reembolsado' THEN pp."actualizado_en" END
  FROM "pagos_proveedor" pp
  JOIN "pedidos" p ON p."id" = pp."pedido_id"
  LEFT JOIN "pagos_por_vendedor" v ON v."pedido_id" = pp."pedido_id" AND v."tienda_id" = pp."tienda_id"
  WHERE pp."estado" IN ('a_reembolsar', 'reembolsado')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "pagos_proveedor" SET "estado" = 'a_reembolsar' WHERE "estado" = 'reembolsado';--> statement-breakpoint
DROP TABLE "reembolsos_de_grupo" CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS aplicar_pago(char, char, text, text, bigint, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS tomar_lugares_y_anunciar(char, integer, char, char);--> statement-breakpoint
DROP FUNCTION IF EXISTS registrar_pago_proveedor(text, char, char, text, bigint, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS registrar_evento(text[], text, jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS nuevo_id();--> statement-breakpoint
DROP FUNCTION IF EXISTS tomar_lugares(char, integer, char, char, char, char[]);--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_grupo_id_grupos_de_compra_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_de_compra"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_participante_id_participantes_grupo_id_fk" FOREIGN KEY ("participante_id") REFERENCES "public"."participantes_grupo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reembolsos_participante_idx" ON "reembolsos" USING btree ("participante_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolsos_clave_idx" ON "reembolsos" USING btree ("clave");--> statement-breakpoint
CREATE INDEX "reembolsos_pedido_idx" ON "reembolsos" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "reembolsos_pendientes_idx" ON "reembolsos" USING btree ("proximo_intento_en") WHERE "reembolsos"."estado" = 'pendiente';