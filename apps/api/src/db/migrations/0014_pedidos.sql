-- Orders (pago/crearPreferencia, docs/decisions/024): the order with its address and phone
-- snapshots and delivery code, its lines (price and store as at checkout, the chosen group,
-- where the units stand against stock), and one payment per seller (products plus shipping;
-- the provider's ids arrive with the payments issue). Stock is reserved by a conditional
-- update of productos.stock in the order's transaction; the CHECK below keeps it from going
-- negative whatever happens.
CREATE TABLE "pagos_por_vendedor" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"pedido_id" char(24) NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"monto_centavos" bigint NOT NULL,
	"envio_centavos" bigint NOT NULL,
	"envio_carrier" text NOT NULL,
	"envio_servicio" text NOT NULL,
	"envio_dias_minimos" integer,
	"envio_dias_maximos" integer,
	"proveedor_preferencia_id" text,
	"proveedor_pago_id" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_por_vendedor_estado_check" CHECK ("pagos_por_vendedor"."estado" in ('pendiente', 'aprobado', 'rechazado', 'reembolsado')),
	CONSTRAINT "pagos_por_vendedor_montos_check" CHECK ("pagos_por_vendedor"."envio_centavos" >= 0 and "pagos_por_vendedor"."monto_centavos" >= "pagos_por_vendedor"."envio_centavos")
);
--> statement-breakpoint
CREATE TABLE "pedido_lineas" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"pedido_id" char(24) NOT NULL,
	"producto_id" char(24) NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"cantidad" integer NOT NULL,
	"precio_centavos" bigint NOT NULL,
	"grupo_id" char(24),
	"reserva" text DEFAULT 'reservado' NOT NULL,
	CONSTRAINT "pedido_lineas_cantidad_check" CHECK ("pedido_lineas"."cantidad" > 0),
	CONSTRAINT "pedido_lineas_precio_check" CHECK ("pedido_lineas"."precio_centavos" >= 0),
	CONSTRAINT "pedido_lineas_reserva_check" CHECK ("pedido_lineas"."reserva" in ('reservado', 'vendido', 'liberado'))
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"codigo" char(6) NOT NULL,
	"direccion" text NOT NULL,
	"departamento" text,
	"descripcion" text,
	"ciudad" text NOT NULL,
	"provincia" text NOT NULL,
	"codigo_postal" text,
	"latitud" double precision,
	"longitud" double precision,
	"telefono" text NOT NULL,
	"paquete" jsonb NOT NULL,
	"aprobado" boolean DEFAULT false NOT NULL,
	"todos_los_pagos_aprobados" boolean DEFAULT false NOT NULL,
	"entregado" boolean DEFAULT false NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"reserva_expira_en" timestamp with time zone NOT NULL,
	"reserva_liberada_en" timestamp with time zone,
	CONSTRAINT "pedidos_codigo_check" CHECK ("pedidos"."codigo" ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$')
);
--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_por_vendedor" ADD CONSTRAINT "pagos_por_vendedor_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_grupo_id_grupos_de_compra_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_de_compra"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_por_vendedor_pedido_tienda_idx" ON "pagos_por_vendedor" USING btree ("pedido_id","tienda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_por_vendedor_proveedor_pago_idx" ON "pagos_por_vendedor" USING btree ("proveedor_pago_id");--> statement-breakpoint
CREATE INDEX "pagos_por_vendedor_tienda_idx" ON "pagos_por_vendedor" USING btree ("tienda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_lineas_pedido_producto_idx" ON "pedido_lineas" USING btree ("pedido_id","producto_id");--> statement-breakpoint
CREATE INDEX "pedido_lineas_producto_idx" ON "pedido_lineas" USING btree ("producto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_codigo_idx" ON "pedidos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "pedidos_usuario_idx" ON "pedidos" USING btree ("usuario_id","creado_en");--> statement-breakpoint
CREATE INDEX "pedidos_reserva_pendiente_idx" ON "pedidos" USING btree ("reserva_expira_en") WHERE "pedidos"."reserva_liberada_en" is null;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_stock_no_negativo_check" CHECK ("productos"."stock" >= 0);