/**
 * Counts the round trips to PostgreSQL that this process makes while `medir` runs: a `query` of
 * a node-postgres client sent while none of that client's is awaiting its answer starts a round
 * trip; one sent behind others still on the wire (pipeline mode) rides on theirs. Also counts
 * the statements, the round trips inside a transaction (from its BEGIN to its COMMIT or
 * ROLLBACK, both counted) and the transactions. Installed once, on the
 * shared `pg.Client` prototype, so every pool of the process is counted. With
 * BENCH_IDAS_DETALLE=1 each count also prints its statements, most frequent first.
 */
import pg from 'pg';

export interface IdasYVueltas {
  sentencias: number;
  total: number;
  enTransacciones: number;
  transacciones: number;
}

const cuenta: IdasYVueltas & { activa: boolean } = {
  activa: false,
  sentencias: 0,
  total: 0,
  enTransacciones: 0,
  transacciones: 0,
};
const enTransaccion = new WeakSet<object>();
const enVuelo = new WeakMap<object, number>();
const detalle = process.env.BENCH_IDAS_DETALLE === '1' ? new Map<string, number>() : undefined;
let instalado = false;

function instalar() {
  if (instalado) return;
  instalado = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    if (cuenta.activa) {
      const primero = args[0] as string | { text?: string } | undefined;
      const texto = (typeof primero === 'string' ? primero : (primero?.text ?? ''))
        .trim()
        .toLowerCase();
      cuenta.sentencias += 1;
      const vuelan = enVuelo.get(this) ?? 0;
      const nueva = vuelan === 0;
      if (nueva) cuenta.total += 1;
      if (detalle) {
        const clave = texto.replace(/\s+/g, ' ').slice(0, 140);
        detalle.set(clave, (detalle.get(clave) ?? 0) + 1);
      }
      if (texto.startsWith('begin')) {
        enTransaccion.add(this);
        cuenta.transacciones += 1;
      }
      if (enTransaccion.has(this) && nueva) cuenta.enTransacciones += 1;
      if (texto.startsWith('commit') || texto.startsWith('rollback')) enTransaccion.delete(this);
      enVuelo.set(this, vuelan + 1);
      const llego = () => enVuelo.set(this, (enVuelo.get(this) ?? 1) - 1);
      // A callback (pg-pool's `pool.query`) or a promise tells when the answer came.
      const ultimo = args.length - 1;
      const callback = args[ultimo];
      if (typeof callback === 'function') {
        args[ultimo] = (...r: unknown[]) => {
          llego();
          return callback(...r);
        };
      }
      const respuesta = original.apply(this, args) as Promise<unknown> | undefined;
      if (typeof callback !== 'function') respuesta?.then?.(llego, llego);
      return respuesta;
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Runs `medir` counting the round trips it makes (one count at a time per process). */
export async function contarIdasYVueltas<T>(
  medir: () => Promise<T>,
): Promise<{ resultado: T; idas: IdasYVueltas }> {
  instalar();
  Object.assign(cuenta, {
    activa: true,
    sentencias: 0,
    total: 0,
    enTransacciones: 0,
    transacciones: 0,
  });
  try {
    const resultado = await medir();
    const { sentencias, total, enTransacciones, transacciones } = cuenta;
    if (detalle) {
      for (const [texto, n] of [...detalle].sort((a, b) => b[1] - a[1])) {
        console.log(`    ${String(n).padStart(6)}  ${texto}`);
      }
      detalle.clear();
    }
    return { resultado, idas: { sentencias, total, enTransacciones, transacciones } };
  } finally {
    cuenta.activa = false;
  }
}

/** "9.0 (7.0 en transacción, 1.00 transacciones, 12.0 sentencias)" per unit. */
export const porUnidad = (idas: IdasYVueltas, unidades: number) =>
  `${(idas.total / unidades).toFixed(1)} (${(idas.enTransacciones / unidades).toFixed(1)} en transacción, ${(idas.transacciones / unidades).toFixed(2)} transacciones, ${(idas.sentencias / unidades).toFixed(1)} sentencias)`;
