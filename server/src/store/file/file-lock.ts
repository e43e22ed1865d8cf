/**
 * One server per data file: two processes group-committing to the same file would each overwrite the
 * other's writes. The lock is a file `<dataFile>.lock` holding `{pid, hostname, startedAt,
 * processStartTicks}`. It is not removed when a process is killed (SIGKILL, OOM, power loss), so a lock
 * whose process no longer runs is stale and is taken over; only a lock of a live process on this host
 * refuses the start (see `isRunning` for what "live" takes). Taking over is the delicate part when several
 * processes start at once; see `removeStaleLock`.
 */
import { randomUUID } from 'node:crypto';
import { link, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hasCode } from '../../errno.js';
import type { StoreLogger } from '../store-logger.js';
import { isEnded, readProcessStatus } from './process-status.js';

export interface FileLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): Promise<void>;
}

interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
  /**
   * The owner's start time from `/proc/<pid>/stat` (clock ticks since boot), which tells the owner from
   * a later process given the same pid. Absent where there is no `/proc`, and in locks written before it
   * was recorded.
   */
  readonly processStartTicks?: number;
}

/**
 * Lock files this process holds or is taking. A lock on disk with our own pid is then either held by
 * this process (refuse: the file is already open here) or left by an earlier process that had the same
 * pid, which is common in containers where the server is always pid 1 (stale).
 */
const heldHere = new Set<string>();

/** How long a start waits for other starters that are busy taking over a stale lock. */
const TAKEOVER_TIMEOUT_MS = 5000;

export async function acquireFileLock(dataFile: string, logger?: StoreLogger): Promise<FileLock> {
  const lockPath = `${resolve(dataFile)}.lock`;
  if (heldHere.has(lockPath)) {
    throw new Error(`${dataFile} is already open in this process (lock file ${lockPath})`);
  }
  // Reserved before the first await, so a second open in this process cannot mistake ours for stale.
  heldHere.add(lockPath);
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    processStartTicks: (await readProcessStatus(process.pid))?.startTicks,
  };
  const content = JSON.stringify(me);
  try {
    const deadline = Date.now() + TAKEOVER_TIMEOUT_MS;
    for (;;) {
      if (await createExclusive(lockPath, content)) return ownedLock(lockPath, content);
      const existing = await readLock(lockPath);
      if (existing !== null) {
        const { owner } = existing;
        if (owner !== null && (await isRunning(owner))) {
          throw new Error(
            `${dataFile} is in use by another process (pid ${owner.pid} on ${owner.hostname}, started ` +
              `${owner.startedAt}); lock file ${lockPath}. If no Flagplane server is using it, delete the lock file.`,
          );
        }
        await removeStaleLock(lockPath, existing.text, content, logger);
      }
      if (Date.now() > deadline) {
        throw new Error(`could not take the lock file ${lockPath}: other starters kept taking it over`);
      }
    }
  } catch (error) {
    heldHere.delete(lockPath);
    throw error;
  }
}

/**
 * Removes the lock file if it still holds `staleText`, as the only process removing locks at that moment.
 * Without that, two starters that both judged one lock stale could each remove "it", the second one
 * removing the fresh lock the first had created meanwhile, and both would run. Removal requires holding
 * the claim `<lock>.takeover` (created exclusively); its holder checks the text and then unlinks. Between
 * the two nobody else can remove the lock (its owner is gone, other starters wait for the claim), so a
 * fresh lock is never removed. Returns without removing anything when another starter holds the claim.
 */
async function removeStaleLock(
  lockPath: string,
  staleText: string,
  claimContent: string,
  logger: StoreLogger | undefined,
): Promise<void> {
  const claimPath = `${lockPath}.takeover`;
  if (!(await createExclusive(claimPath, claimContent))) {
    const claim = await readLock(claimPath);
    if (claim === null) return; // released meanwhile
    if (claim.owner !== null && (await isRunning(claim.owner))) {
      await sleep(10); // another starter is taking over; its result decides our next attempt
      return;
    }
    // A starter died within the few milliseconds it held the claim. Removing its claim races with other
    // starters doing the same; that needs a crash inside the claim and concurrent starts to matter.
    logger?.warn({ claimPath }, 'removing the lock takeover claim of a process that has ended');
    await removeIfUnchanged(claimPath, claim.text);
    return;
  }
  try {
    if ((await readLock(lockPath))?.text === staleText) {
      logger?.warn(
        { lockPath, previousOwner: parseOwner(staleText) ?? staleText.slice(0, 200) },
        'removing a lock file left by a process that has ended (or unreadable)',
      );
      await unlink(lockPath);
    }
  } finally {
    await rm(claimPath, { force: true });
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
  const { pid, hostname: host, startedAt, processStartTicks } = value as Record<string, unknown>;
  // A pid of 0 or below would make `process.kill(pid, 0)` probe a whole process group.
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0 || typeof host !== 'string') return null;
  return {
    pid: pid as number,
    hostname: host,
    startedAt: typeof startedAt === 'string' ? startedAt : '?',
    processStartTicks: Number.isSafeInteger(processStartTicks) ? (processStartTicks as number) : undefined,
  };
}

/**
 * Whether the lock's owner still runs. When unsure it answers yes, since wrongly refusing to start is
 * recoverable and two servers on one file is not.
 */
async function isRunning(owner: LockOwner): Promise<boolean> {
  // Another host's process cannot be probed; a lock from another hostname is taken to be left behind by
  // an earlier container or machine that used this volume.
  if (owner.hostname !== hostname()) return false;
  // Our own pid, and not a lock this process holds (checked on entry): an earlier process had our pid.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (hasCode(error, 'ESRCH')) return false;
  }
  // The pid exists, but that is also true of a killed owner that nobody reaped (a zombie: its parent
  // died first, and pid 1 in some containers never reaps) and of a new process that got the pid.
  const status = await readProcessStatus(owner.pid);
  if (status === null) return true; // no /proc to ask: the pid is all we know
  if (isEnded(status)) return false;
  return owner.processStartTicks === undefined || owner.processStartTicks === status.startTicks;
}

/**
 * Removes a stale file (a dead starter's claim) unless it changed since we read it: it is renamed to a
 * private name first (atomic: only one process gets a given file) and checked there; a file that turns
 * out to be another one (a live starter's fresh claim) is put back.
 */
async function removeIfUnchanged(path: string, staleText: string): Promise<void> {
  const grave = `${path}.${process.pid}.${randomUUID()}.stale`;
  try {
    await rename(path, grave);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    if ((await readFile(grave, 'utf8')) !== staleText) {
      // Not the file we judged stale: another starter's fresh one. Put it back where it was; if yet
      // another starter created one in this instant, that one stands.
      await link(grave, path).catch((error: unknown) => {
        if (!hasCode(error, 'EEXIST')) throw error;
      });
    }
  } finally {
    await rm(grave, { force: true });
  }
}
