/**
 * The journal file `<data>.journal`: one line appended per group commit, fsynced before the writes it
 * carries are acknowledged. It is opened for each append and never created by one that expects it to
 * exist, so a journal deleted or replaced behind the server's back makes the append fail instead of
 * silently going to a file no restart will read. Only the first append after the journal was removed
 * creates it, and that one also fsyncs the directory, or a crash could lose the new file with its lines.
 */
import { constants } from 'node:fs';
import { type FileHandle, open, readFile, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { hasCode, messageOf } from '../../errno.js';
import { secondsSince, storeTimings } from '../store-timings.js';
import { syncDirectory } from './directory-sync.js';

/** An append failed; `intact` tells whether the journal is known to be exactly as before it. */
export class JournalAppendError extends Error {
  readonly intact: boolean;

  constructor(message: string, cause: unknown, intact: boolean) {
    super(message, { cause });
    this.name = 'JournalAppendError';
    this.intact = intact;
  }
}

const { O_APPEND, O_CREAT, O_EXCL, O_WRONLY } = constants;

/** The journal's bytes, or null if there is none. Throws, naming the file, if it cannot be read. */
export async function readJournalFile(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return null;
    throw new Error(`cannot read the journal ${path}: ${messageOf(error)}`, { cause: error });
  }
}

export class JournalFile {
  readonly path: string;
  /** Bytes of whole, durable lines: where the next line goes, and where a failed append is cut back to. */
  #size: number;
  #exists: boolean;
  /** Created by an append whose directory fsync has not succeeded yet. */
  #dirSyncPending = false;

  constructor(path: string, current: { readonly size: number; readonly exists: boolean }) {
    this.path = path;
    this.#size = current.size;
    this.#exists = current.exists;
  }

  get size(): number {
    return this.#size;
  }

  /** Appends `line` (one whole line) and makes it durable. Rejects with a `JournalAppendError`. */
  async append(line: Buffer): Promise<void> {
    let handle: FileHandle;
    try {
      const flags = this.#exists ? O_WRONLY | O_APPEND : O_WRONLY | O_APPEND | O_CREAT | O_EXCL;
      handle = await open(this.path, flags, 0o600);
    } catch (error) {
      // Missing, a directory, not ours to create, or no descriptor left: whatever the reason, the lines
      // appended so far may no longer be where a restart will look for them.
      throw this.#failure(error, false);
    }
    if (!this.#exists) {
      this.#exists = true;
      this.#dirSyncPending = true;
    }
    try {
      for (let written = 0; written < line.length; ) {
        const { bytesWritten } = await handle.write(line, written, line.length - written);
        if (bytesWritten === 0) throw new Error('the file system accepted no bytes');
        written += bytesWritten;
      }
      const syncStarted = performance.now();
      await handle.sync();
      storeTimings().flush('journal', secondsSince(syncStarted));
      if (this.#dirSyncPending) {
        await syncDirectory(dirname(this.path));
        this.#dirSyncPending = false;
      }
      this.#size += line.length;
    } catch (error) {
      // Cut off whatever part of the line got written: appending after a partial line would turn it
      // into a corrupt line in the middle, which refuses the next start.
      throw this.#failure(error, await cutBack(handle, this.#size));
    } finally {
      await handle.close().catch(() => {}); // after a successful fsync the line is durable regardless
    }
  }

  /**
   * Removes the journal once a snapshot holds everything in it; the next append creates a new one. No
   * directory fsync here: if a crash brings the old journal back, its lines are all in the snapshot.
   */
  async remove(): Promise<void> {
    try {
      await unlink(this.path);
    } catch (error) {
      if (!hasCode(error, 'ENOENT')) throw error;
    }
    this.#exists = false;
    this.#size = 0;
    this.#dirSyncPending = false;
  }

  /** Cuts the journal to its first `size` bytes, durably (a torn last line found at start-up). */
  async cutTo(size: number): Promise<void> {
    const handle = await open(this.path, 'r+');
    try {
      await handle.truncate(size);
      await handle.sync();
    } finally {
      await handle.close();
    }
    this.#size = size;
  }

  #failure(error: unknown, intact: boolean): JournalAppendError {
    return new JournalAppendError(
      `could not append to the journal ${this.path}: ${messageOf(error)}`,
      error,
      intact,
    );
  }
}

/** Truncates back to `size` and fsyncs; whether that worked (if not, the journal's end is unknown). */
async function cutBack(handle: FileHandle, size: number): Promise<boolean> {
  try {
    await handle.truncate(size);
    await handle.sync();
    return true;
  } catch {
    return false;
  }
}
