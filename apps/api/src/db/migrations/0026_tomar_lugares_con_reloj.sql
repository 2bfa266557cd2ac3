-- tomar_lugares takes the app's clock (p_ahora, src/db/functions/tomar-lugares.sql, issue 32):
-- the signature without it goes, so that no caller can reach the old one.
DROP FUNCTION IF EXISTS tomar_lugares(char(24), integer, char(24), char(24), char(24), char(24)[]);
