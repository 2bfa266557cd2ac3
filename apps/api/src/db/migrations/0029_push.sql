-- Web Push (docs/decisions/055): the browsers subscribed per person (module push), and each
-- person's choice of push per kind beside the email one (null: the kind's default).
CREATE TABLE "suscripciones_push" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"usuario_id" char(24) NOT NULL,
	"endpoint" varchar(2048) NOT NULL,
	"p256dh" varchar(100) NOT NULL,
	"auth" varchar(50) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suscripciones_push_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "preferencias_de_aviso" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "preferencias_de_aviso" ADD COLUMN "push" boolean;--> statement-breakpoint
ALTER TABLE "suscripciones_push" ADD CONSTRAINT "suscripciones_push_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suscripciones_push_usuario_idx" ON "suscripciones_push" USING btree ("usuario_id","creado_en");