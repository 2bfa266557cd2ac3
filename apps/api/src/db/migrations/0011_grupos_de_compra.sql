CREATE TABLE "grupos_de_compra" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"producto_id" char(24) NOT NULL,
	"estado" text DEFAULT 'abierto' NOT NULL,
	"lugares_necesarios" integer NOT NULL,
	"lugares_ocupados" integer DEFAULT 0 NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"cerrado_en" timestamp with time zone,
	"fecha_limite" timestamp with time zone,
	CONSTRAINT "grupos_de_compra_estado_check" CHECK ("grupos_de_compra"."estado" in ('abierto', 'cerrado', 'completado', 'cancelado')),
	CONSTRAINT "grupos_de_compra_necesarios_check" CHECK ("grupos_de_compra"."lugares_necesarios" > 0),
	CONSTRAINT "grupos_de_compra_ocupados_check" CHECK ("grupos_de_compra"."lugares_ocupados" >= 0 and "grupos_de_compra"."lugares_ocupados" <= "grupos_de_compra"."lugares_necesarios")
);
--> statement-breakpoint
CREATE TABLE "participantes_grupo" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"grupo_id" char(24) NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"pedido_id" char(24),
	"cantidad" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participantes_grupo_cantidad_check" CHECK ("participantes_grupo"."cantidad" > 0)
);
--> statement-breakpoint
ALTER TABLE "grupos_de_compra" ADD CONSTRAINT "grupos_de_compra_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participantes_grupo" ADD CONSTRAINT "participantes_grupo_grupo_id_grupos_de_compra_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_de_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participantes_grupo" ADD CONSTRAINT "participantes_grupo_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_de_compra_un_abierto_por_producto" ON "grupos_de_compra" USING btree ("producto_id") WHERE "grupos_de_compra"."estado" = 'abierto';--> statement-breakpoint
CREATE INDEX "grupos_de_compra_producto_idx" ON "grupos_de_compra" USING btree ("producto_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "participantes_grupo_grupo_idx" ON "participantes_grupo" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "participantes_grupo_usuario_idx" ON "participantes_grupo" USING btree ("usuario_id","grupo_id");