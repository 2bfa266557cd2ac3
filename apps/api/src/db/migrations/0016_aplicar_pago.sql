-- Filled by the next commit: one call applies a payment notification (docs/decisions/025).
SELECT 1;
