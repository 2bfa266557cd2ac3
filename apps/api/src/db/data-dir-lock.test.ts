import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processStartTime } from './data-dir-lock';

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

  const ownerPid = () => JSON.parse(readFileSync(lockFile(), 'utf8')).pid;

  it('writes the owner pid and start time and removes the file on release', () => {
    const release = acquireDataDirLock(dir);
    const owner = JSON.parse(readFileSync(lockFile(), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, startTime: processStartTime(process.pid) });
    expect(owner.token).toMatch(/^[0-9a-f]{32}$/);
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
    expect(ownerPid()).toBe(process.pid);
    release();
  });

  it('refuses a lock whose recorded owner still runs with the same start time', () => {
    other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const pid = other.pid as number;
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid, startTime: processStartTime(pid), token: 'x' }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it.runIf(processStartTime(process.pid) !== null)(
    'takes over a stale lock whose pid now belongs to an unrelated live process',
    () => {
      other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      // The crashed owner had this pid, but started at another time than today's process.
      writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, startTime: '1', token: 'old' }));
      const release = acquireDataDirLock(dir);
      expect(ownerPid()).toBe(process.pid);
      release();
    },
  );
});
