CREATE TABLE "contadores_de_limite" (
	"clave" varchar(200) PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"vence_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocupaciones_de_limite" (
	"clave" varchar(200) NOT NULL,
	"ocupante" varchar(64) NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	CONSTRAINT "ocupaciones_de_limite_clave_ocupante_pk" PRIMARY KEY("clave","ocupante")
);
--> statement-breakpoint
CREATE INDEX "contadores_de_limite_vence_en_idx" ON "contadores_de_limite" USING btree ("vence_en");--> statement-breakpoint
CREATE INDEX "ocupaciones_de_limite_vence_en_idx" ON "ocupaciones_de_limite" USING btree ("vence_en");