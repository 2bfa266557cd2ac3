ALTER TABLE "productos" ADD COLUMN "imagen_640" text;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "imagen_ancho" integer;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "imagen_alto" integer;