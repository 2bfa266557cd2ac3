import { randomBytes } from 'node:crypto';
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

/** What the lock file records: the owner's pid, when that process started, and our token. */
export interface LockOwner {
  pid: number;
  /** The process's start time as the kernel reports it; null where /proc is not available. */
  startTime: string | null;
  token: string;
}

/**
 * A process's start time in clock ticks since boot (field 22 of /proc/PID/stat), which tells
 * a live owner from an unrelated process that got the same pid after a crash. Null where
 * /proc does not exist (then only the pid is checked).
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
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

/** Whether the process that wrote the lock still runs (same pid and same start time). */
function isOwnerAlive(owner: LockOwner): boolean {
  if (!isProcessAlive(owner.pid)) return false;
  if (owner.startTime === null) return true;
  const current = processStartTime(owner.pid);
  return current === null || current === owner.startTime;
}

function tryCreate(file: string, owner: LockOwner): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, JSON.stringify(owner));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The recorded owner; a bare pid (older lock files) is checked by pid alone. */
function readOwner(file: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), startTime: null, token: '' };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isInteger(parsed.pid)) {
      return {
        pid: parsed.pid as number,
        startTime: typeof parsed.startTime === 'string' ? parsed.startTime : null,
        token: typeof parsed.token === 'string' ? parsed.token : '',
      };
    }
  } catch {
    // Unreadable content: treated as stale.
  }
  return undefined;
}

/**
 * Takes the single-process lock of a PGlite data folder: a file, created atomically, naming
 * the owner by pid, process start time and a random token. A lock whose owner no longer runs
 * (or whose pid now belongs to another process) is taken over. Returns the function that
 * releases it (also called on process exit).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'compra-grupal.lock');
  const self: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    token: randomBytes(16).toString('hex'),
  };

  if (!tryCreate(file, self)) {
    const owner = readOwner(file);
    if (owner && owner.pid !== process.pid && isOwnerAlive(owner)) {
      throw new DataDirLockedError(dataDir, owner.pid);
    }
    unlinkSync(file);
    if (!tryCreate(file, self)) throw new DataDirLockedError(dataDir, readOwner(file)?.pid ?? 0);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(file)?.token === self.token) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
