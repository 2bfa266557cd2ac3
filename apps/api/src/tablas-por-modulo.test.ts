import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema';

/**
 * Each table has one owner (CONVENTIONS rule 22, docs/decisions/049), and
 * docs/tablas-por-modulo.md is the one list of them. This test reads that document and every
 * production file under src/ (tests and their helpers apart) and fails when
 * - a table of db/schema has no owner in the document, or two, or the document names a table
 *   that does not exist, or an owner that is no folder;
 * - a file names a table it does not own (imports its Drizzle object from db/schema, or writes
 *   its name after FROM, JOIN, INTO or UPDATE in SQL text), unless the document lists that
 *   file and table among the crossings still open;
 * - a listed crossing no longer happens (the list only shrinks).
 * A module owns the tables whose owner is its name (files under modules/<name>/); the
 * infrastructure that no module is owns its tables by folder (`jobs/`, `realtime/`, ...).
 */
const src = dirname(fileURLToPath(import.meta.url));
const DOC = 'docs/tablas-por-modulo.md';
const docText = readFileSync(resolve(src, '../../..', DOC), 'utf8');

/**
 * Places that may name any table (the document says why): db/ defines them (schema, migrations,
 * SQL functions, the one lock order) and demo/ writes the demo's rows before the app serves.
 */
const SIN_DUENIO = ['db/', 'demo/'];

const isTestFile = (file: string) =>
  file.startsWith('test/') ||
  /\.(test|test-server|test-app|crash-child)\.ts$/.test(file) ||
  /test-helpers\.ts$/.test(file);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative(src, path)] : [];
  });
}

const files = walk(src).filter(
  (file) => !isTestFile(file) && !SIN_DUENIO.some((place) => file.startsWith(place)),
);

/** Every table of the schema: its Drizzle export's name → its SQL name. */
const tablas = new Map(
  Object.entries(schema).flatMap(([exportado, valor]) =>
    is(valor, PgTable) ? [[exportado, getTableName(valor)] as const] : [],
  ),
);
const nombresSql = new Set<string>(tablas.values());

/** The rows of the markdown table under the heading `titulo` (header and rule left out). */
function filasDe(titulo: string): string[][] {
  const inicio = docText.indexOf(`\n## ${titulo}\n`);
  if (inicio < 0) throw new Error(`${DOC} has no section "## ${titulo}"`);
  const resto = docText.slice(inicio + titulo.length + 5);
  const fin = resto.search(/\n## /);
  return (fin < 0 ? resto : resto.slice(0, fin))
    .split('\n')
    .filter((linea) => linea.startsWith('|'))
    .map((linea) =>
      linea
        .slice(1, linea.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((celda) => celda.trim().replaceAll('`', '')),
    )
    .slice(2);
}

const filasDeDuenios = filasDe('Owners');
/** SQL name → owner, as the document writes it (a module's name or a folder). */
const duenios = new Map(filasDeDuenios.map(([tabla, duenio]) => [tabla ?? '', duenio ?? '']));
/** Where an owner's files live. */
const lugarDe = (duenio: string) => (duenio.endsWith('/') ? duenio : `modules/${duenio}/`);

/** file → the other owners' tables it may still name, from the crossings section. */
const cruces = new Map(
  filasDe('Crossings still open').map(([archivo, lista]) => [
    archivo ?? '',
    new Set((lista ?? '').split(',').map((t) => t.trim())),
  ]),
);

/** What a file's text does not run: comments. */
const sinComentarios = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const IMPORT_NOMBRADO = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SQL_NOMBRA = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The SQL names of the tables a file names: through db/schema's objects, or in SQL text. */
function tablasQueNombra(file: string): Set<string> {
  const text = sinComentarios(readFileSync(join(src, file), 'utf8'));
  const nombradas = new Set<string>();
  for (const [, nombres = '', desde = ''] of text.matchAll(IMPORT_NOMBRADO)) {
    const destino = relative(src, resolve(src, dirname(file), desde));
    if (destino !== 'db/schema' && !destino.startsWith('db/schema/')) continue;
    for (const parte of nombres.split(',')) {
      const nombre = parte
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      const tabla = nombre ? tablas.get(nombre) : undefined;
      if (tabla) nombradas.add(tabla);
    }
  }
  for (const [, nombre = ''] of text.matchAll(SQL_NOMBRA)) {
    if (nombresSql.has(nombre.toLowerCase())) nombradas.add(nombre.toLowerCase());
  }
  return nombradas;
}

const nombradasPor = new Map(files.map((file) => [file, tablasQueNombra(file)] as const));

describe(`each table has one owner (${DOC})`, () => {
  it('reads the schema, the document and the sources', () => {
    expect(tablas.get('pedidos')).toBe('pedidos');
    expect(filasDeDuenios.length).toBeGreaterThan(20);
    // Both ways of naming a table are seen: a Drizzle object, and SQL text.
    expect(nombradasPor.get('modules/aviso/aviso.repository.ts')).toContain('notificaciones');
    expect(nombradasPor.get('adapters/limits/postgres-limiter-store.ts')).toContain(
      'contadores_de_limite',
    );
  });

  it('lists every table of db/schema once, and only those', () => {
    const listadas = filasDeDuenios.map(([tabla]) => tabla);
    const repetidas = listadas.filter((tabla, i) => listadas.indexOf(tabla) !== i);
    expect(repetidas, 'tables with more than one row').toEqual([]);
    const sinDuenio = [...nombresSql].filter((tabla) => !duenios.has(tabla));
    expect(sinDuenio, `tables of db/schema with no owner in ${DOC}`).toEqual([]);
    const desconocidas = listadas.filter((tabla) => !nombresSql.has(tabla ?? ''));
    expect(desconocidas, `rows of ${DOC} that name no table of db/schema`).toEqual([]);
  });

  it('names as owner a module or an infrastructure folder that exists', () => {
    const sinLugar = [...new Set(duenios.values())].filter((duenio) => {
      const lugar = join(src, lugarDe(duenio));
      return !existsSync(lugar) || !statSync(lugar).isDirectory();
    });
    expect(sinLugar).toEqual([]);
  });

  it("a file names only its owner's tables, or a crossing the document lists", () => {
    const ajenas = [...nombradasPor].flatMap(([file, nombradas]) =>
      [...nombradas].flatMap((tabla) => {
        const duenio = duenios.get(tabla);
        if (!duenio || file.startsWith(lugarDe(duenio))) return [];
        if (cruces.get(file)?.has(tabla)) return [];
        return [
          `${file} names ${tabla}, owned by ${duenio}: go through ${duenio}'s ports or services`,
        ];
      }),
    );
    expect(ajenas).toEqual([]);
  });

  it('every listed crossing still happens (the list only shrinks)', () => {
    const vencidos = [...cruces].flatMap(([file, lista]) =>
      [...lista].flatMap((tabla) => {
        const duenio = duenios.get(tabla);
        const sigue =
          nombradasPor.get(file)?.has(tabla) && duenio && !file.startsWith(lugarDe(duenio));
        return sigue ? [] : [`${file} -> ${tabla}: no longer crosses, remove it from ${DOC}`];
      }),
    );
    expect(vencidos).toEqual([]);
  });
});
