CREATE TABLE "eventos_salientes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sala" varchar(100) NOT NULL,
	"evento" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"transaccion" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE INDEX "eventos_salientes_transaccion_idx" ON "eventos_salientes" USING btree ("transaccion");