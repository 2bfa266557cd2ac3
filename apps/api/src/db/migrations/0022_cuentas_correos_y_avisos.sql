CREATE TABLE "notificaciones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"clave" varchar(200) NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"titulo" varchar(200) NOT NULL,
	"cuerpo" text NOT NULL,
	"enlace" varchar(300),
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"leido_en" timestamp with time zone,
	CONSTRAINT "notificaciones_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE TABLE "preferencias_de_aviso" (
	"usuario_id" char(24) NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"email" boolean NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferencias_de_aviso_usuario_id_tipo_pk" PRIMARY KEY("usuario_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "correos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"clave" varchar(200) NOT NULL,
	"para" varchar(254) NOT NULL,
	"usuario_id" char(24),
	"plantilla" varchar(60) NOT NULL,
	"datos" jsonb NOT NULL,
	"estado" varchar(20) DEFAULT 'pendiente' NOT NULL,
	"asunto" text,
	"html" text,
	"texto" text,
	"id_externo" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp with time zone,
	CONSTRAINT "correos_clave_unique" UNIQUE("clave"),
	CONSTRAINT "correos_estado_valido" CHECK ("correos"."estado" in ('pendiente', 'enviado', 'fallido', 'omitido'))
);
--> statement-breakpoint
CREATE TABLE "tokens_de_cuenta" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"proposito" varchar(40) NOT NULL,
	"token_hash" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_de_cuenta_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "tokens_de_cuenta_proposito_valido" CHECK ("tokens_de_cuenta"."proposito" in ('verificar_email', 'restablecer_contrasenia'))
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "email_verificado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferencias_de_aviso" ADD CONSTRAINT "preferencias_de_aviso_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correos" ADD CONSTRAINT "correos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_de_cuenta" ADD CONSTRAINT "tokens_de_cuenta_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificaciones_usuario_idx" ON "notificaciones" USING btree ("usuario_id","creado_en","id");--> statement-breakpoint
CREATE INDEX "notificaciones_creado_idx" ON "notificaciones" USING btree ("creado_en");--> statement-breakpoint
CREATE INDEX "correos_creado_idx" ON "correos" USING btree ("creado_en");--> statement-breakpoint
CREATE INDEX "correos_usuario_idx" ON "correos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "tokens_de_cuenta_usuario_idx" ON "tokens_de_cuenta" USING btree ("usuario_id","proposito");