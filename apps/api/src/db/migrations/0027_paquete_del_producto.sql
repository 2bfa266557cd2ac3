-- Each product carries the package one unit ships in (docs/decisions/051): shipping is priced
-- from it, never from a size the shopper's client declares. Products stored before it take
-- the app's default package (1 kg, 30 × 20 × 10 cm); the default is dropped right after, so
-- every new product states its own.
ALTER TABLE "productos" ADD COLUMN "paquete_peso_gramos" integer NOT NULL DEFAULT 1000;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "paquete_largo_mm" integer NOT NULL DEFAULT 300;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "paquete_ancho_mm" integer NOT NULL DEFAULT 200;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "paquete_alto_mm" integer NOT NULL DEFAULT 100;--> statement-breakpoint
ALTER TABLE "productos" ALTER COLUMN "paquete_peso_gramos" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "productos" ALTER COLUMN "paquete_largo_mm" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "productos" ALTER COLUMN "paquete_ancho_mm" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "productos" ALTER COLUMN "paquete_alto_mm" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_paquete_check" CHECK ("productos"."paquete_peso_gramos" between 100 and 1000000 and "productos"."paquete_largo_mm" between 10 and 3000 and "productos"."paquete_ancho_mm" between 10 and 3000 and "productos"."paquete_alto_mm" between 10 and 3000);
