import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { StoragePort } from './storage.port';

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export function createLocalDiskStorage(uploadsDir: string): StoragePort {
  return {
    async save(key, data) {
      const safeKey = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');
      const path = join(uploadsDir, safeKey);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
      return `/uploads/${safeKey.split('\\').join('/')}`;
    },
  };
}
