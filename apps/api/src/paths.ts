import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package folder, found from this module whether it runs from src/ or bundled in dist/. */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('No se encontró la carpeta del paquete api');
    dir = parent;
  }
  return dir;
}

const apiRoot = findApiRoot();
export const migrationsDir = join(apiRoot, 'src/db/migrations');
export const functionsDir = join(apiRoot, 'src/db/functions');
export const defaultWebDistDir = resolve(apiRoot, '../web/dist');
