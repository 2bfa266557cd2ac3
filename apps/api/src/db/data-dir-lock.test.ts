import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

describe('acquireDataDirLock', () => {
  let dir: string;
  let other: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cg-lock-'));
  });
  afterEach(() => {
    other?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const lockFile = () => join(dir, 'compra-grupal.lock');

  it('writes the owner pid and removes the file on release', () => {
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a folder held by another live process, naming it in Spanish and English', () => {
    other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(lockFile(), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/ya está en uso.*already in use/s);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    other = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const deadPid = other.pid;
    await new Promise((resolve) => other?.once('exit', resolve));
    writeFileSync(lockFile(), String(deadPid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });
});
