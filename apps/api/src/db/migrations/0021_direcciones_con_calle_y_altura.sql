ALTER TABLE "direcciones" ADD COLUMN "calle" text;--> statement-breakpoint
ALTER TABLE "direcciones" ADD COLUMN "altura" text;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "calle" text;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "altura" text;