import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro proceso (pid ${pid}); PGlite admite un solo proceso. ` +
        `/ The data folder ${dataDir} is already in use by another process (pid ${pid}); PGlite allows one process only. ` +
        'Detén ese proceso, usa otro DATA_DIR o configura DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readOwner(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return Number.NaN;
  }
}

/**
 * Takes the single-process lock of a PGlite data folder: a file holding the owner's pid,
 * created atomically. A lock left by a process that no longer runs is taken over.
 * Returns the function that releases it (also called on process exit).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'compra-grupal.lock');

  if (!tryCreate(file)) {
    const owner = readOwner(file);
    if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
      throw new DataDirLockedError(dataDir, owner);
    }
    unlinkSync(file);
    if (!tryCreate(file)) throw new DataDirLockedError(dataDir, readOwner(file));
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(file) === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
