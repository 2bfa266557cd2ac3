CREATE TABLE "direcciones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"direccion" text NOT NULL,
	"departamento" text,
	"descripcion" text,
	"ciudad" text NOT NULL,
	"provincia" text NOT NULL,
	"codigo_postal" text,
	"pais" text DEFAULT 'Argentina' NOT NULL,
	"latitud" double precision,
	"longitud" double precision,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"familia" char(24) NOT NULL,
	"token_hash" text NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"revocado_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sesiones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"contrasenia_hash" text,
	"telefono" text DEFAULT '' NOT NULL,
	"google_sub" text,
	"es_repartidor" boolean DEFAULT false NOT NULL,
	"es_admin" boolean DEFAULT false NOT NULL,
	"direccion_activa_id" char(24),
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_email_unique" UNIQUE("email"),
	CONSTRAINT "usuarios_google_sub_unique" UNIQUE("google_sub")
);
--> statement-breakpoint
ALTER TABLE "direcciones" ADD CONSTRAINT "direcciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direcciones_usuario_idx" ON "direcciones" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "sesiones_familia_idx" ON "sesiones" USING btree ("familia");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");