/** The SQLSTATE of a database error (PGlite or node-postgres, wrapped by Drizzle or not). */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when a database error is a unique violation. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * True when PostgreSQL ended the transaction to break a deadlock (40P01) or a serialization
 * failure (40001): running it again from the start is safe and usually succeeds.
 */
export function esConflictoDeConcurrencia(error: unknown): boolean {
  const estado = sqlState(error);
  return estado === '40P01' || estado === '40001';
}
