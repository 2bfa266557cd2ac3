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

/** True when a database error is a foreign key violation (a row it names does not exist). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

/**
 * True when PostgreSQL ended the transaction to break a deadlock (40P01) or a serialization
 * failure (40001): running it again from the start is safe and usually succeeds.
 */
export function esConflictoDeConcurrencia(error: unknown): boolean {
  const estado = sqlState(error);
  return estado === '40P01' || estado === '40001';
}

/** What went wrong with the database, as the metrics and the error handler tell it apart. */
export type TipoDeErrorDeBaseDeDatos = 'conexion' | 'tiempo_agotado' | 'conflicto' | 'otro';

/** Socket errors of a connection that failed or was cut (node-postgres passes them through). */
const ERRORES_DE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's and pg-pool's own words for a connection that is gone or never came. */
const MENSAJES_DE_CONEXION = [
  'connection terminated',
  'connection error',
  'not queryable',
  'timeout exceeded when trying to connect',
  'connection timeout',
  'client was closed',
  'cannot use a pool after calling end',
];

/**
 * The database could not be reached or answered too late: `conexion` (refused, reset, cut,
 * the server shutting down or out of connections) or `tiempo_agotado` (a statement or an idle
 * transaction ran past its limit, or the server went silent). Undefined for anything else,
 * which is the request's own error. Follows the cause chain of Drizzle's wrappers.
 */
export function fallaDeLaBaseDeDatos(error: unknown): 'conexion' | 'tiempo_agotado' | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // 57014: canceled by statement_timeout; 25P03: idle_in_transaction_session_timeout.
      if (code === '57014' || code === '25P03') return 'tiempo_agotado';
      // 08: connection exception; 57P01-03: shutting down or starting; 53300: too many clients.
      if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return 'conexion';
      }
      if (ERRORES_DE_SOCKET.has(code)) return 'conexion';
    }
    if (typeof message === 'string') {
      const texto = message.toLowerCase();
      if (texto.includes('query read timeout')) return 'tiempo_agotado';
      if (MENSAJES_DE_CONEXION.some((m) => texto.includes(m))) return 'conexion';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The kind of a database error for the metrics (`compra_grupal_db_errores_total{tipo}`). */
export function tipoDeErrorDeBaseDeDatos(error: unknown): TipoDeErrorDeBaseDeDatos | undefined {
  const falla = fallaDeLaBaseDeDatos(error);
  if (falla) return falla;
  if (esConflictoDeConcurrencia(error)) return 'conflicto';
  return sqlState(error) ? 'otro' : undefined;
}
