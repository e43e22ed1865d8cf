/**
 * One server per data file: two processes group-committing to the same file would each overwrite the
 * other's writes. The lock is a file `<dataFile>.lock` holding `{pid, hostname, startedAt}`. It is not
 * removed when a process is killed (SIGKILL, OOM, power loss), so a lock whose process no longer runs is
 * stale and is taken over; only a lock of a live process on this host refuses the start.
 */
import { randomUUID } from 'node:crypto';
import { link, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { hasCode } from './errno.js';
import type { StoreLogger } from './store-logger.js';

export interface FileLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): Promise<void>;
}

interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
}

/**
 * Lock files this process holds or is taking. A lock on disk with our own pid is then either held by
 * this process (refuse: the file is already open here) or left by an earlier process that had the same
 * pid, which is common in containers where the server is always pid 1 (stale).
 */
const heldHere = new Set<string>();

/** Takeovers tolerated before giving up: each one means another starter replaced the lock meanwhile. */
const MAX_TAKEOVERS = 5;

export async function acquireFileLock(dataFile: string, logger?: StoreLogger): Promise<FileLock> {
  const lockPath = `${resolve(dataFile)}.lock`;
  if (heldHere.has(lockPath)) {
    throw new Error(`${dataFile} is already open in this process (lock file ${lockPath})`);
  }
  // Reserved before the first await, so a second open in this process cannot mistake ours for stale.
  heldHere.add(lockPath);
  const me: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  const content = JSON.stringify(me);
  try {
    for (let takeovers = 0; ; ) {
      if (await createExclusive(lockPath, content)) return ownedLock(lockPath, content);
      const existing = await readLock(lockPath);
      if (existing === null) continue; // removed since our attempt: just try again
      const { owner, text } = existing;
      if (owner !== null && isRunning(owner)) {
        throw new Error(
          `${dataFile} is in use by another process (pid ${owner.pid} on ${owner.hostname}, started ` +
            `${owner.startedAt}); lock file ${lockPath}. If no Flagplane server is using it, delete the lock file.`,
        );
      }
      if (++takeovers > MAX_TAKEOVERS) {
        throw new Error(`could not take the lock file ${lockPath}: other processes keep replacing it`);
      }
      logger?.warn(
        { lockPath, previousOwner: owner ?? text.slice(0, 200) },
        owner === null ? 'removing an unreadable lock file' : 'removing the lock file of a process that has ended',
      );
      await removeIfUnchanged(lockPath, text);
    }
  } catch (error) {
    heldHere.delete(lockPath);
    throw error;
  }
}

function ownedLock(lockPath: string, content: string): FileLock {
  let released: Promise<void> | undefined;
  const release = async (): Promise<void> => {
    try {
      // Only ours: if another process judged our lock stale and took it, its lock must stay.
      if ((await readFile(lockPath, 'utf8')) === content) await unlink(lockPath);
    } catch (error) {
      if (!hasCode(error, 'ENOENT')) throw error;
    } finally {
      heldHere.delete(lockPath);
    }
  };
  return {
    path: lockPath,
    release: () => {
      released ??= release();
      return released;
    },
  };
}

/**
 * Creates the lock file with its content in one step, or returns false if it exists. The content is
 * written to a private file first and then hard-linked into place (link fails if the target exists, like
 * `open(…, 'wx')`), so nobody ever reads a lock file that exists but is still empty and mistakes it for
 * a garbage one. Where hard links are not supported, falls back to a plain `wx` create.
 */
async function createExclusive(lockPath: string, content: string): Promise<boolean> {
  const draft = `${lockPath}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(draft, content, { flag: 'wx' });
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    if (!hasCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw error;
  } finally {
    await rm(draft, { force: true });
  }
  try {
    await writeFile(lockPath, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    throw error;
  }
}

/** The lock file's text and its owner (null if the text is not a lock we understand); null if missing. */
async function readLock(lockPath: string): Promise<{ text: string; owner: LockOwner | null } | null> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return null;
    throw error;
  }
  return { text, owner: parseOwner(text) };
}

function parseOwner(text: string): LockOwner | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { pid, hostname: host, startedAt } = value as Record<string, unknown>;
  // A pid of 0 or below would make `process.kill(pid, 0)` probe a whole process group.
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0 || typeof host !== 'string') return null;
  return { pid: pid as number, hostname: host, startedAt: typeof startedAt === 'string' ? startedAt : '?' };
}

function isRunning(owner: LockOwner): boolean {
  // Another host's process cannot be probed; a lock from another hostname is taken to be left behind by
  // an earlier container or machine that used this volume.
  if (owner.hostname !== hostname()) return false;
  // Our own pid, and not a lock this process holds (checked on entry): an earlier process had our pid.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user. Anything but ESRCH counts as running,
    // since wrongly refusing to start is recoverable and two servers on one file is not.
    return !hasCode(error, 'ESRCH');
  }
}

/**
 * Removes a stale lock, unless it changed since we read it. Two starters may both judge the same lock
 * stale; if the first has already replaced it with its own, a plain unlink by the second would delete the
 * first's live lock. So the lock is first renamed to a private name (atomic: only one starter gets a given
 * file) and checked there; a lock that turns out not to be the stale one is put back.
 */
async function removeIfUnchanged(lockPath: string, staleText: string): Promise<void> {
  const grave = `${lockPath}.${process.pid}.${randomUUID()}.stale`;
  try {
    await rename(lockPath, grave);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    if ((await readFile(grave, 'utf8')) !== staleText) {
      // Not the lock we judged stale: another starter's fresh one. Put it back where it was; if yet
      // another starter created a lock in this instant, ours to restore loses and that one stands.
      await link(grave, lockPath).catch((error: unknown) => {
        if (!hasCode(error, 'EEXIST')) throw error;
      });
    }
  } finally {
    await rm(grave, { force: true });
  }
}
