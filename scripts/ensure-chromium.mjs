// Makes sure the end-to-end tests have a browser: nothing is ever downloaded at run time, so
// this uses Debian's chromium package (installed with apt-get when running as root).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath, hasChromium } from './chromium.mjs';

if (hasChromium()) process.exit(0);

const howTo =
  'Las pruebas de punta a punta necesitan Chromium / End-to-end tests need Chromium:\n' +
  '  sudo apt-get update && sudo apt-get install -y chromium\n' +
  'o definí CHROME_PATH con la ruta de un Chromium o Chrome ya instalado.';

if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH=${chromiumPath} no existe.\n${howTo}`);
  process.exit(1);
}
const isRoot = process.getuid?.() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`No se encontró ${chromiumPath}.\n${howTo}`);
  process.exit(1);
}

console.log('Instalando chromium con apt-get…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'chromium'],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} falló.\n${howTo}`);
    process.exit(1);
  }
}
if (!hasChromium()) {
  console.error(`chromium se instaló pero no está en ${chromiumPath}.\n${howTo}`);
  process.exit(1);
}
