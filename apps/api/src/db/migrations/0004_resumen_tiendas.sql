ALTER TABLE "tiendas" ADD COLUMN "productos_destacados" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "total_productos" integer DEFAULT 0 NOT NULL;