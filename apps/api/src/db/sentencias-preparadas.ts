import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements a connection keeps prepared at most. The app has a few hundred distinct
 * parameterised texts; one that varies without end (an `IN` list of every length) stops being
 * named once the connection holds this many, so a connection's plans stay bounded.
 */
export const SENTENCIAS_POR_CONEXION = 300;

type Consulta = pg.QueryConfig & { submit?: unknown };

/**
 * Names each parameterised statement a pooled connection runs after the hash of its text, so
 * PostgreSQL parses and plans it once per connection and then reuses it, as PL/pgSQL does with
 * a function's statements (docs/decisions/028, "Round trips of an approval": parsing and
 * planning were a third of PostgreSQL's time in an approval). The text stays the statement's
 * only identity: the same text is the same statement, so a name never meets another text.
 */
export function prepararSentencias(client: pg.PoolClient): void {
  const nombres = new Map<string, string>();
  const nombreDe = (texto: string) => {
    let nombre = nombres.get(texto);
    if (!nombre && nombres.size < SENTENCIAS_POR_CONEXION) {
      nombre = `cg_${createHash('sha1').update(texto).digest('base64url')}`;
      nombres.set(texto, nombre);
    }
    return nombre;
  };
  client.query = ((config: unknown, ...rest: unknown[]) => {
    // The prototype's `query` is read at each call: whatever wraps it later (the bench's count
    // of round trips) still sees every statement.
    const query = Object.getPrototypeOf(client).query as (...args: unknown[]) => unknown;
    const consulta = config as Consulta | undefined;
    const conValores =
      (Array.isArray(rest[0]) && rest[0].length > 0) || (consulta?.values?.length ?? 0) > 0;
    if (
      conValores &&
      typeof consulta === 'object' &&
      typeof consulta.text === 'string' &&
      consulta.name === undefined &&
      typeof consulta.submit !== 'function'
    ) {
      const name = nombreDe(consulta.text);
      if (name) return query.call(client, { ...consulta, name }, ...rest);
    }
    return query.call(client, config, ...rest);
  }) as typeof client.query;
}
