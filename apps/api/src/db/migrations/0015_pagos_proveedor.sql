-- Payments (docs/decisions/025): every provider payment applied, keyed by its id (the
-- notifications' dedupe and the record of automatic refunds), each seller's stored preference
-- (reused until it lapses with the reservation), and the embedded sandbox's preferences and
-- payments ('Modo de prueba').
CREATE TABLE "mp_sandbox_pagos" (
	"id" text PRIMARY KEY NOT NULL,
	"preferencia_id" text NOT NULL,
	"estado" text NOT NULL,
	"datos" jsonb NOT NULL,
	"reembolso_id" text,
	"reembolso_clave" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mp_sandbox_preferencias" (
	"id" text PRIMARY KEY NOT NULL,
	"datos" jsonb NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos_proveedor" (
	"proveedor_pago_id" text PRIMARY KEY NOT NULL,
	"pedido_id" char(24) NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"estado" text NOT NULL,
	"monto_centavos" bigint NOT NULL,
	"reembolso_id" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_proveedor_estado_check" CHECK ("pagos_proveedor"."estado" in ('pendiente', 'aprobado', 'rechazado', 'a_reembolsar', 'reembolsado'))
);
--> statement-breakpoint
CREATE TABLE "preferencias_de_pago" (
	"pago_por_vendedor_id" char(24) PRIMARY KEY NOT NULL,
	"preferencia_id" text NOT NULL,
	"init_point" text NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagos_proveedor" ADD CONSTRAINT "pagos_proveedor_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_proveedor" ADD CONSTRAINT "pagos_proveedor_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferencias_de_pago" ADD CONSTRAINT "preferencias_de_pago_pago_por_vendedor_id_pagos_por_vendedor_id_fk" FOREIGN KEY ("pago_por_vendedor_id") REFERENCES "public"."pagos_por_vendedor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagos_proveedor_pedido_idx" ON "pagos_proveedor" USING btree ("pedido_id","tienda_id");