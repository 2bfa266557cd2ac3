import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { StoragePort } from './storage.port';

/** A key as a path below the uploads directory, whatever `..` it holds. */
const safeKeyOf = (key: string) => normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export function createLocalDiskStorage(uploadsDir: string): StoragePort {
  return {
    async save(key, data) {
      const safeKey = safeKeyOf(key);
      const path = join(uploadsDir, safeKey);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
      return `/uploads/${safeKey.split('\\').join('/')}`;
    },
    async delete(key) {
      await rm(join(uploadsDir, safeKeyOf(key)), { force: true });
    },
    async read(url) {
      if (!url.startsWith('/uploads/')) return undefined;
      const path = join(uploadsDir, safeKeyOf(decodeURIComponent(url.slice('/uploads/'.length))));
      return readFile(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
        throw error;
      });
    },
  };
}
