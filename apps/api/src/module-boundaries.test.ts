import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API's boundaries (docs/decisions/031), as the web's feature-boundaries test: the imports
 * of every production file under src/ (tests and their helpers apart) are read, and
 * - no import cycle exists;
 * - db/ imports only db/, lib/, paths.ts and config.ts (no arrow up to modules/ or adapters/);
 * - a module imports from another module only what it offers: its services (`*.service.ts`),
 *   its ports (`*.ports.ts`, the narrow repository types and ledger functions it lets others run
 *   inside their transaction) and its pure policy files (OFFERED below); never its repository,
 *   routes, manifest or jobs;
 * - no module file imports the bag of every repository (repositories.ts) or the composition
 *   root (composition.ts): a service declares the repositories it uses, typed by its own
 *   module's repository files, the outbox (realtime/) and other modules' ports.
 */
const src = dirname(fileURLToPath(import.meta.url));

const isTestFile = (file: string) =>
  file.startsWith('test/') ||
  /\.(test|test-server|test-app|crash-child)\.ts$/.test(file) ||
  /test-helpers\.ts$/.test(file);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : walk(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative(src, path)] : [];
  });
}

const files = walk(src).filter((file) => !isTestFile(file));

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(src, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(src, candidate);
  }
  return undefined;
}

const imports = new Map(
  files.map((file) => {
    const text = readFileSync(join(src, file), 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, (match[1] ?? match[2]) as string);
      if (target?.endsWith('.ts')) targets.add(target);
    }
    return [file, [...targets]] as const;
  }),
);

/** Strongly connected components of more than one file (Tarjan). */
function cycles(): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const next of imports.get(file) ?? []) {
      if (!imports.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, order.get(next) as number));
      }
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of imports.keys()) if (!order.has(file)) visit(file);
  return found;
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/**
 * What a module offers others besides its services and ports: pure policy, mapping, a service,
 * an event recorded in the caller's transaction.
 */
const OFFERED = new Set([
  'modules/envio/entrega-en-grupo.ts',
  'modules/pedido/ciclo-de-vida.ts',
  'modules/producto/paquete-del-producto.ts',
  'modules/producto/producto.mapper.ts',
  'modules/tienda/tienda-actualizada.ts',
]);

describe('API boundaries', () => {
  it('reads the source', () => {
    expect(files).toContain('app.ts');
    expect(imports.get('app.ts')).toContain('modules/index.ts');
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('db/ imports nothing above it (modules, adapters, services)', () => {
    const allowed = (target: string) =>
      /^(db|lib)\//.test(target) || target === 'paths.ts' || target === 'config.ts';
    const upward = files
      .filter((file) => file.startsWith('db/'))
      .flatMap((file) =>
        (imports.get(file) ?? []).filter((t) => !allowed(t)).map((t) => `${file} -> ${t}`),
      );
    expect(upward).toEqual([]);
  });

  it("a module imports another module's services, ports and pure policy only", () => {
    const offered = (target: string) =>
      /\.(service|ports)\.ts$/.test(target) || OFFERED.has(target);
    const crossings = files.flatMap((file) => {
      const own = moduleOf(file);
      if (!own) return [];
      return (imports.get(file) ?? [])
        .filter((target) => {
          const other = moduleOf(target);
          return other !== undefined && other !== own && !offered(target);
        })
        .map((target) => `${file} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('modules depend on each other one way (the order lifecycle on the groups, not back)', () => {
    const arrows = new Set(
      files.flatMap((file) => {
        const own = moduleOf(file);
        return (imports.get(file) ?? []).flatMap((target) => {
          const other = moduleOf(target);
          return own && other && other !== own ? [`${own} -> ${other}`] : [];
        });
      }),
    );
    const mutual = [...arrows].filter((arrow) => {
      const [from, to] = arrow.split(' -> ');
      return from !== undefined && from < (to ?? '') && arrows.has(`${to} -> ${from}`);
    });
    // A store's products and a product's store still know each other (not a money flow).
    expect(mutual).toEqual(['producto -> tienda']);
    expect(arrows).toContain('pedido -> grupo-de-compra');
  });

  it('no module imports repositories.ts or composition.ts', () => {
    const roots = new Set(['repositories.ts', 'composition.ts']);
    const reaching = files
      .filter((file) => moduleOf(file) !== undefined)
      .flatMap((file) =>
        (imports.get(file) ?? []).filter((t) => roots.has(t)).map((t) => `${file} -> ${t}`),
      );
    expect(reaching).toEqual([]);
  });

  it('only jobs/ and app.ts hold the job runner: the rest enqueues, the manifests declare', () => {
    // Services and adapters get `JobQueue` (enqueue only); a handler is declared in a module's
    // manifest (`jobs`) and registered by jobs/register-jobs.ts, called by app.ts.
    const holders = files.filter(
      (file) =>
        !file.startsWith('jobs/') &&
        file !== 'app.ts' &&
        /\bJobRunner\b/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(holders).toEqual([]);
  });

  it('every module folder with routes has a manifest listed in modules/index.ts', () => {
    const withRoutes = new Set(
      files.filter((f) => f.endsWith('.routes.ts')).map((f) => moduleOf(f) as string),
    );
    const listed = (imports.get('modules/index.ts') ?? []).map((f) => moduleOf(f));
    for (const modulo of withRoutes) expect(listed).toContain(modulo);
  });
});
