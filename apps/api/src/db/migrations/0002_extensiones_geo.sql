-- Great-circle distances and boxes for the coverage index (trusted extensions; also bundled with PGlite).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
