/**
 * One server per embedded-database folder. PGlite is one process's database: a second process on
 * the same folder starts, serves, and loses acknowledged writes. A lock file created with an
 * atomic link (never overwritten) names the holder; a holder whose process is gone (SIGKILL,
 * power cut) leaves a stale file that the next start takes over.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { QuireError } from '../core/errors';

export const LOCK_FILE = 'quire-server.lock';

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

interface DataLock {
  release(): void;
}

/** Whether a process with this id runs here (EPERM: it runs, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readHolder(dir: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** A holder still running on this machine; a lock from another host is taken as live (shared disks). */
const live = (holder: LockHolder) => holder.host !== hostname() || running(holder.pid);

export function lockDataFolder(dir: string): DataLock {
  const path = join(dir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
  };
  const text = JSON.stringify(mine);
  const draft = join(dir, `${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(draft, text);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(dir);
      if (holder && live(holder))
        throw new QuireError('DataFolderInUse', {
          detail: `${dir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}: ${holder.command}); stop it first or use another --data folder`,
        });
      // Stale (or half-written): moved aside by rename, which only one of several racing starts wins.
      try {
        renameSync(path, `${draft}.stale`);
        rmSync(`${draft}.stale`, { force: true });
      } catch {
        // Another start moved it first; try linking again.
      }
      if (attempt === 4) throw new QuireError('DataFolderInUse', { detail: `${dir}: could not take ${LOCK_FILE}` });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // Only our own lock is removed (a takeover after we hung must not be undone).
    if (readHolder(dir)?.pid === process.pid) rmSync(path, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return { release };
}
