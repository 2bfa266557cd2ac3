import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, guardPglite, pgliteExtensions, pgliteHandle } from '../db/client';

/**
 * A worker's seeded PGlite databases, used again instead of loaded again (docs/decisions/032).
 *
 * Loading a seeded tarball costs a PGlite start (0.5–1 s on a quiet machine, more under load);
 * a test file builds one or more apps, each on a database of its own. So a database a test
 * closes goes back to its worker's pool, put back to what the tarball held: the rows of every
 * table (a seeded database holds some fifty; with the demo stores, a few thousand) and the
 * sequences, with the session reset. The next test of any file in that worker (files share
 * workers: `isolate: false`) takes it in a few milliseconds.
 *
 * What a test could change besides rows (a table, a column, a function, a trigger) is in the
 * schema's fingerprint: a database whose fingerprint moved is closed, never reused. A closed
 * handle refuses queries, so a job a test left running cannot write into the next test's data.
 */
export async function abrirPgliteSembrado(tarball: string): Promise<DatabaseHandle> {
  const pool = pools.get(tarball) ?? nuevoPool(tarball);
  pools.set(tarball, pool);
  const client = pool.libres.pop() ?? (await cargar(pool));
  const contenido = await pool.contenido;
  return prestar(client, async () => {
    try {
      if (await restablecer(client, contenido)) {
        pool.libres.push(client);
        return;
      }
    } catch {
      // A database that cannot be put back is not reused.
    }
    await client.close();
  });
}

interface Contenido {
  huella: string;
  tablas: { nombre: string; columnas: string[]; filas: string }[];
  secuencias: { nombre: string; valor: string | null; inicio: string }[];
}

interface Pool {
  tarball: Blob;
  libres: PGlite[];
  /** Read from the first database loaded, before any test touched it. */
  contenido: Promise<Contenido>;
  resolverContenido(client: PGlite): void;
}

const pools = new Map<string, Pool>();

function nuevoPool(tarball: string): Pool {
  let resolver!: (client: PGlite) => void;
  const leido = new Promise<PGlite>((resolve) => {
    resolver = resolve;
  });
  return {
    tarball: new Blob([readFileSync(tarball)]),
    libres: [],
    contenido: leido.then(leerContenido),
    resolverContenido: resolver,
  };
}

async function cargar(pool: Pool): Promise<PGlite> {
  const client = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: pool.tarball });
  pool.resolverContenido(client);
  await pool.contenido;
  guardPglite(client);
  return client;
}

/** A handle whose queries fail once it is closed: the instance goes on to another test. */
function prestar(client: PGlite, devolver: () => Promise<void>): DatabaseHandle {
  let cerrado = false;
  const prestado = new Proxy(client, {
    get(target, propiedad) {
      const valor = Reflect.get(target, propiedad, target);
      if (typeof valor !== 'function') return valor;
      return (...args: unknown[]) => {
        if (cerrado) throw new Error('PGlite is closed (this test database was closed)');
        return valor.apply(target, args);
      };
    },
  });
  return pgliteHandle(prestado, async () => {
    if (cerrado) return;
    cerrado = true;
    await devolver();
  });
}

const HUELLA = `
  SELECT md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS huella FROM (
    SELECT 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    UNION ALL
    SELECT 'a:' || c.relname || ':' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
        || ':' || a.attnotnull::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname IN ('public', 'drizzle') AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'f:' || p.proname || ':' || md5(p.prosrc)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
    UNION ALL
    SELECT 't:' || tgname || ':' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT 'c:' || conname || ':' || md5(pg_get_constraintdef(co.oid))
      FROM pg_constraint co JOIN pg_namespace n ON n.oid = co.connamespace
      WHERE n.nspname IN ('public', 'drizzle')
  ) s(x)`;

async function huella(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ huella: string }>(HUELLA);
  return rows[0]?.huella ?? '';
}

async function leerContenido(client: PGlite): Promise<Contenido> {
  const { rows: tablas } = await client.query<{ nombre: string; columnas: string[] }>(`
    SELECT format('%I.%I', n.nspname, c.relname) AS nombre,
           array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columnas
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'drizzle')
       AND a.attgenerated = ''
     GROUP BY 1 ORDER BY 1`);
  const conFilas = [];
  for (const tabla of tablas) {
    const { rows } = await client.query<{ filas: string | null }>(
      `SELECT json_agg(t)::text AS filas FROM ${tabla.nombre} t`,
    );
    conFilas.push({ ...tabla, filas: rows[0]?.filas ?? '[]' });
  }
  const { rows: secuencias } = await client.query<Contenido['secuencias'][number]>(`
    SELECT format('%I.%I', schemaname, sequencename) AS nombre,
           last_value::text AS valor, start_value::text AS inicio
      FROM pg_sequences WHERE schemaname IN ('public', 'drizzle')`);
  return { huella: await huella(client), tablas: conFilas, secuencias };
}

/** Puts the database back to `contenido`; false when its schema moved (then it is not reused). */
async function restablecer(client: PGlite, contenido: Contenido): Promise<boolean> {
  if ((await huella(client)) !== contenido.huella) return false;
  const tablas = contenido.tablas.map((t) => t.nombre).join(', ');
  // Alone: several statements in one exec run as one transaction, and DISCARD refuses that.
  await client.exec('DISCARD ALL');
  await client.exec(`
    SELECT pg_advisory_unlock_all();
    SET session_replication_role = replica;
    TRUNCATE ${tablas};`);
  try {
    for (const tabla of contenido.tablas) {
      if (tabla.filas === '[]') continue;
      const columnas = tabla.columnas.join(', ');
      await client.query(
        `INSERT INTO ${tabla.nombre} (${columnas}) OVERRIDING SYSTEM VALUE
         SELECT ${columnas} FROM json_populate_recordset(NULL::${tabla.nombre}, $1)`,
        [tabla.filas],
      );
    }
    for (const secuencia of contenido.secuencias) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        secuencia.nombre,
        secuencia.valor ?? secuencia.inicio,
        secuencia.valor !== null,
      ]);
    }
  } finally {
    await client.exec('SET session_replication_role = origin');
  }
  return true;
}
