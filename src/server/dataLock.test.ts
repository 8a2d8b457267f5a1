import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataFolder, readHolder } from './dataLock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-lock-'));
  dirs.push(dir);
  return dir;
};

describe('the data folder lock', () => {
  it('is held once: a second lock names the folder and the holder; release frees it', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(readHolder(dir)?.pid).toBe(process.pid);
    expect(() => lockDataFolder(dir)).toThrow(new RegExp(`${dir}.*process ${process.pid}`));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataFolder(dir).release();
  });

  it('takes over the lock of a process that is gone, and a half-written lock file', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(gone.stdout.toString());
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid, host: hostname(), startedAt: 'then', command: 'old' }),
    );
    const lock = lockDataFolder(dir);
    expect(readHolder(dir)?.pid).toBe(process.pid);
    lock.release();
    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    lockDataFolder(dir).release();
  });
});
