import { spawn } from 'node:child_process';
import { expect, test } from './fixtures';

test('a second process on the same DATA_DIR is refused and the first keeps serving', async ({
  request,
}) => {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir).toBeTruthy();

  const second = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  second.stdout.on('data', (chunk) => {
    output += chunk;
  });
  second.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exitCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));

  expect(exitCode).toBe(1);
  expect(output).toContain('ya está en uso por otro proceso');
  expect(output).toContain('already in use by another process');

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true, db: 'pglite' });
  const categorias = await request.get('/api/categoria/getAllCategoria');
  expect(categorias.status()).toBe(200);
});
