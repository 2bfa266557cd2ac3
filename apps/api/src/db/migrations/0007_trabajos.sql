CREATE TABLE "trabajos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"tipo" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"max_intentos" integer NOT NULL,
	"ejecutar_desde" timestamp with time zone NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"ultimo_error" varchar(1000),
	"clave" varchar(200),
	"creado_en" timestamp with time zone NOT NULL,
	"actualizado_en" timestamp with time zone NOT NULL,
	CONSTRAINT "trabajos_clave_unique" UNIQUE("clave"),
	CONSTRAINT "trabajos_estado_check" CHECK ("trabajos"."estado" in ('pendiente', 'en_curso', 'hecho', 'fallido')),
	CONSTRAINT "trabajos_max_intentos_check" CHECK ("trabajos"."max_intentos" >= 1)
);
--> statement-breakpoint
CREATE INDEX "trabajos_pendientes_idx" ON "trabajos" USING btree ("ejecutar_desde") WHERE "trabajos"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "trabajos_en_curso_idx" ON "trabajos" USING btree ("bloqueado_hasta") WHERE "trabajos"."estado" = 'en_curso';