CREATE TABLE "productos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"vendedor_id" char(24) NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"precio_centavos" bigint NOT NULL,
	"categoria" text,
	"categoria_local_ids" char(24)[] DEFAULT '{}'::char(24)[] NOT NULL,
	"imagen" text,
	"imagen_miniatura" text,
	"stock" integer DEFAULT 0 NOT NULL,
	"cantidad_total_grupo" integer NOT NULL,
	"disponible" boolean DEFAULT true NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias_locales" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiendas" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"logo" text,
	"telefono" text NOT NULL,
	"email" text NOT NULL,
	"razon_social" text NOT NULL,
	"categoria_global_id" char(24),
	"direccion" text NOT NULL,
	"departamento" text,
	"direccion_descripcion" text,
	"ciudad" text NOT NULL,
	"provincia" text NOT NULL,
	"codigo_postal" text,
	"latitud" double precision NOT NULL,
	"longitud" double precision NOT NULL,
	"cobertura_id" char(24) NOT NULL,
	"cobertura_km" double precision NOT NULL,
	"habilitada" boolean DEFAULT false NOT NULL,
	"mp_vinculado" boolean DEFAULT false NOT NULL,
	"mp_usuario_id" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_vendedor_id_usuarios_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorias_locales" ADD CONSTRAINT "categorias_locales_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiendas" ADD CONSTRAINT "tiendas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiendas" ADD CONSTRAINT "tiendas_categoria_global_id_categorias_id_fk" FOREIGN KEY ("categoria_global_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiendas" ADD CONSTRAINT "tiendas_cobertura_id_coberturas_id_fk" FOREIGN KEY ("cobertura_id") REFERENCES "public"."coberturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "productos_tienda_idx" ON "productos" USING btree ("tienda_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "productos_vendedor_idx" ON "productos" USING btree ("vendedor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_locales_nombre_idx" ON "categorias_locales" USING btree ("tienda_id",lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "tiendas_usuario_idx" ON "tiendas" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "tiendas_cobertura_gist" ON "tiendas" USING gist (earth_box(ll_to_earth("latitud", "longitud"), "cobertura_km" * 1000)) WHERE "tiendas"."habilitada";