// `npm start`: builds whatever is missing, then runs the one server process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const builds = [
  { workspace: 'apps/web', output: 'apps/api/dist/web/index.html' },
  { workspace: 'apps/api', output: 'apps/api/dist/server.js' },
];
for (const { workspace, output } of builds) {
  if (existsSync(output)) continue;
  console.log(`Construyendo ${workspace} (falta ${output})…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/api/dist/server.js');
