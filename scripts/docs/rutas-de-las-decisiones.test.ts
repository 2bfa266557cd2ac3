import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { rutasNombradas, rutasPerdidas } from './rutas-de-las-decisiones';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('every path a decision record names is in the tree', () => {
  const perdidas = rutasPerdidas(raiz).map((p) => `${p.registro}:${p.linea} \`${p.ruta}\``);
  assert.deepEqual(
    perdidas,
    [],
    'rename the path in the record, or strike it (~~`ruta`~~) if it names what was',
  );
});

test('reads paths, not routes, variables or what a record strikes', () => {
  const texto = [
    '`lib/socket` and `modules/{a,b}.ts#f`, `x.sql:12`',
    '`pedido/linkPago`, `{MP_AUTH_URL}/authorization`, `<m>/x.ts`, `*.test.ts`',
    '~~`adapters/envio`~~ is now `adapters/shipping`; `apps/web/dist` is built',
  ].join('\n');
  assert.deepEqual(
    rutasNombradas(texto).map((r) => `${r.linea}:${r.ruta}`),
    ['1:lib/socket', '1:modules/a.ts', '1:modules/b.ts', '1:x.sql', '3:adapters/shipping'],
  );
});

test('reports a missing path with its record and line, but not under Context', () => {
  const repo = mkdtempSync(join(tmpdir(), 'cg-registros-'));
  try {
    execFileSync('git', ['init', '-q'], { cwd: repo });
    mkdirSync(join(repo, 'docs/decisions'), { recursive: true });
    mkdirSync(join(repo, 'src/lib'), { recursive: true });
    writeFileSync(join(repo, 'src/lib/access.ts'), '');
    writeFileSync(
      join(repo, 'docs/decisions/001-x.md'),
      '# 001\n## Context\n`src/lib/viejo.ts`\n## Decision\n`lib/access` and `lib/perdido.ts`\n',
    );
    assert.deepEqual(rutasPerdidas(repo), [
      { registro: '001-x.md', linea: 5, ruta: 'lib/perdido.ts' },
    ]);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
