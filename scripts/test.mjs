// `npm test`: every suite, two at a time (TEST_JOBS), then one summary with each suite's seconds.
// Runs all suites even when one fails (the end-to-end suite waits for the build and is skipped
// if it failed), and exits non-zero if any failed. See docs/decisions/032-fast-ci.md.
//
//   npm test                      every suite
//   npm test -- web api           only the suites whose name contains one of the words
//   TEST_JOBS=1 npm test          one suite at a time, its output streamed as it comes
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

// In start order: the build first (the end-to-end suite, the longest, waits for it), then the
// longest suites, so the last to start are the short ones.
const suites = [
  { name: 'Build', command: ['npm', 'run', 'build'] },
  { name: 'Punta a punta (Chromium)', command: ['npm', 'run', 'test:e2e'], needs: 'Build' },
  { name: 'Tipos y lint', command: ['npm', 'run', 'check'] },
  { name: 'API (PGlite)', command: ['npm', 'test', '-w', 'apps/api'], env: withoutPostgres },
  { name: 'Web', command: ['npm', 'test', '-w', 'apps/web'] },
  {
    // Only what differs from PGlite, plus a smoke (apps/api/vitest.postgres.config.ts).
    name: 'API (PostgreSQL)',
    command: ['npm', 'run', 'test:postgres', '-w', 'apps/api'],
    skip: postgresUrl ? undefined : 'definí TEST_DATABASE_URL para correrla',
  },
  {
    // Two built nodes, PostgreSQL, Redis and S3 behind a balancer (e2e/varios-nodos).
    name: 'Varios nodos',
    command: ['npm', 'run', 'test:nodos'],
    needs: 'Build',
    light: true,
    skip: postgresUrl && redisUrl ? undefined : 'definí TEST_DATABASE_URL y TEST_REDIS_URL',
  },
  {
    // The Dockerfile's runtime stage, assembled as it lists it and run in production against
    // PostgreSQL, Redis, S3, SMTP and Mercado Pago on loopback (scripts/imagen).
    name: 'Imagen (Dockerfile)',
    command: ['npm', 'run', 'test:imagen'],
    needs: 'Build',
    light: true,
    skip: postgresUrl && redisUrl ? undefined : 'definí TEST_DATABASE_URL y TEST_REDIS_URL',
  },
  { name: 'Contratos', command: ['npm', 'test', '-w', 'packages/contracts'], light: true },
];

const words = process.argv.slice(2).map((w) => w.toLowerCase());
const wanted = (suite) =>
  words.length === 0 || words.some((w) => suite.name.toLowerCase().includes(w));
// Two suites at once keep two cores busy: each waits on sockets, databases and the browser
// part of the time, and the type checker uses one core. Light suites (`light`: they mostly wait
// on servers they start, or take a second) run one at a time in a slot of their own beside
// those two, so they do not queue behind the long ones.
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, availableParallelism()));
const streamed = jobs === 1;
const slotOf = (suite) => (suite.light && !streamed ? 'light' : 'heavy');
const slots = { heavy: jobs, light: 1 };

const byName = new Map(suites.map((suite) => [suite.name, suite]));
const results = new Map();
const failedReports = [];
const running = new Set();
const pending = suites.filter(wanted);
for (const suite of suites.filter((s) => !wanted(s))) {
  results.set(suite.name, { status: 'skipped', detail: 'no pedida', seconds: 0 });
}
const started = Date.now();

function finish(suite, status, detail, seconds) {
  results.set(suite.name, { status, detail, seconds });
}

function runSuite(suite) {
  return new Promise((resolve) => {
    const began = Date.now();
    const header = `━━━ ${suite.name} ━━━ ${suite.command.join(' ')}`;
    if (streamed) console.log(`\n${header}`);
    else console.log(`▶ ${suite.name} (${elapsed()})`);
    const env = { ...(suite.env ?? process.env) };
    if (!streamed && process.stdout.isTTY && !env.NO_COLOR) env.FORCE_COLOR ??= '1';
    const child = spawn(suite.command[0], suite.command.slice(1), {
      cwd: root,
      env,
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    // Buffered, and printed whole when the suite ends, so two suites never interleave lines.
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - began) / 1000;
      const ok = code === 0;
      finish(suite, ok ? 'ok' : 'failed', ok ? '' : `código ${code ?? signal}`, seconds);
      if (!streamed) {
        const report = () => {
          console.log(`\n${header} (${seconds.toFixed(1)} s, ${ok ? 'OK' : 'FALLÓ'})`);
          process.stdout.write(Buffer.concat(output));
        };
        // A failed suite's output is printed last, just above the summary, where a CI log's
        // tail shows it.
        if (ok) report();
        else failedReports.push(report);
      }
      resolve();
    });
  });
}

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

await new Promise((done) => {
  const schedule = () => {
    for (const suite of [...pending]) {
      const slot = slotOf(suite);
      const busy = [...running].filter((name) => slotOf(byName.get(name)) === slot).length;
      if (busy >= slots[slot]) continue;
      const need = suite.needs;
      const skip =
        suite.skip ?? (need && results.get(need)?.status === 'failed' && `falló ${need}`);
      if (!skip && need && !results.has(need) && pending.some((s) => s.name === need)) continue;
      if (!skip && need && running.has(need)) continue;
      pending.splice(pending.indexOf(suite), 1);
      if (skip) {
        finish(suite, 'skipped', skip, 0);
        continue;
      }
      running.add(suite.name);
      runSuite(suite).then(() => {
        running.delete(suite.name);
        schedule();
      });
    }
    if (pending.length === 0 && running.size === 0) done();
  };
  schedule();
});

for (const report of failedReports) report();

const label = { ok: 'OK     ', failed: 'FALLÓ  ', skipped: 'OMITIDA' };
console.log(
  `\n━━━ Resumen ━━━ (${jobs} a la vez${streamed ? '' : ' y una liviana'}, ${elapsed()} en total)`,
);
for (const suite of suites) {
  const r = results.get(suite.name);
  console.log(
    `${label[r.status]}  ${suite.name.padEnd(26)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.detail}`,
  );
}
const all = [...results.values()];
const count = (status) => all.filter((r) => r.status === status).length;
const failed = count('failed');
const skipped = count('skipped');
console.log(
  `\nSuites: ${count('ok')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
