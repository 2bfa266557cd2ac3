// `npm test`: every suite in order, then one summary. Runs all suites even when one fails
// (the end-to-end suite needs the build), and exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const postgresUrl = process.env.TEST_DATABASE_URL;
const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

const suites = [
  { name: 'Tipos y lint', command: ['npm', 'run', 'check'] },
  { name: 'Contratos', command: ['npm', 'test', '-w', 'packages/contracts'] },
  { name: 'API (PGlite)', command: ['npm', 'test', '-w', 'apps/api'], env: withoutPostgres },
  {
    name: 'API (PostgreSQL)',
    command: ['npm', 'test', '-w', 'apps/api'],
    skip: postgresUrl ? undefined : 'definí TEST_DATABASE_URL para correrla',
  },
  { name: 'Web', command: ['npm', 'test', '-w', 'apps/web'] },
  { name: 'Build', command: ['npm', 'run', 'build'] },
  {
    name: 'Punta a punta (Chromium)',
    command: ['npm', 'run', 'test:e2e'],
    needs: 'Build',
  },
];

const results = [];
for (const suite of suites) {
  const blocker = suite.needs && results.find((r) => r.name === suite.needs && r.status !== 'ok');
  const skip = suite.skip ?? (blocker ? `falló ${suite.needs}` : undefined);
  if (skip) {
    results.push({ name: suite.name, status: 'skipped', detail: skip, seconds: 0 });
    continue;
  }
  console.log(`\n━━━ ${suite.name} ━━━ ${suite.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(suite.command[0], suite.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: suite.env ?? process.env,
  });
  results.push({
    name: suite.name,
    status: run.status === 0 ? 'ok' : 'failed',
    detail: run.status === 0 ? '' : `código ${run.status ?? run.signal}`,
    seconds: (Date.now() - started) / 1000,
  });
}

const label = { ok: 'OK     ', failed: 'FALLÓ  ', skipped: 'OMITIDA' };
console.log('\n━━━ Resumen ━━━');
for (const r of results) {
  console.log(
    `${label[r.status]}  ${r.name.padEnd(26)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.detail}`,
  );
}
const count = (status) => results.filter((r) => r.status === status).length;
const failed = count('failed');
const skipped = count('skipped');
console.log(
  `\nSuites: ${count('ok')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
