CREATE TABLE "cuentas_mercadopago" (
	"usuario_id" char(24) PRIMARY KEY NOT NULL,
	"tienda_id" char(24) NOT NULL,
	"origen" text NOT NULL,
	"mp_usuario_id" varchar(64) NOT NULL,
	"access_token_cifrado" text NOT NULL,
	"refresh_token_cifrado" text NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"renovando_hasta" timestamp with time zone,
	"vinculada_en" timestamp with time zone NOT NULL,
	"actualizado_en" timestamp with time zone NOT NULL,
	CONSTRAINT "cuentas_mercadopago_tienda_unique" UNIQUE("tienda_id"),
	CONSTRAINT "cuentas_mercadopago_origen_check" CHECK ("cuentas_mercadopago"."origen" in ('sandbox', 'mercadopago'))
);
--> statement-breakpoint
CREATE TABLE "vinculaciones_mercadopago" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"verificador_cifrado" text NOT NULL,
	"navegador_hash" varchar(64) NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"usada_en" timestamp with time zone,
	"creada_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cuentas_mercadopago" ADD CONSTRAINT "cuentas_mercadopago_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuentas_mercadopago" ADD CONSTRAINT "cuentas_mercadopago_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vinculaciones_mercadopago" ADD CONSTRAINT "vinculaciones_mercadopago_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuentas_mercadopago_expira_idx" ON "cuentas_mercadopago" USING btree ("expira_en");--> statement-breakpoint
CREATE INDEX "vinculaciones_mercadopago_usuario_idx" ON "vinculaciones_mercadopago" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "vinculaciones_mercadopago_expira_idx" ON "vinculaciones_mercadopago" USING btree ("expira_en");