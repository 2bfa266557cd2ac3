-- tomar_lugares takes the app's clock and the group the shopper chose (p_ahora, p_grupo_elegido;
-- src/db/functions/tomar-lugares.sql, issue 32): the signatures without them go, so that no
-- caller can reach an old one.
DROP FUNCTION IF EXISTS tomar_lugares(char(24), integer, char(24), char(24), char(24), char(24)[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS tomar_lugares(char(24), integer, char(24), char(24), char(24), char(24)[], timestamptz);
