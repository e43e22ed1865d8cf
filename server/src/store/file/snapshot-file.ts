/**
 * The data file: the whole document as one compact JSON object (lowdb's format), plus `journalSeq`, the
 * last journal line whose changes it already contains (0 or absent: none). It is rewritten only when the
 * journal is compacted, on `replace` and on close: compact JSON to a temporary file, fsync it, rename it
 * over the data file, fsync the directory. A reader of the file (or a restart after a crash) sees the old
 * document or the new one, never a torn one.
 */
import { open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { hasCode, messageOf } from '../../errno.js';
import type { StoreData } from '../records.js';
import { checkStoreData } from '../store-data.js';
import { secondsSince, storeTimings } from '../store-timings.js';
import { syncDirectory } from './directory-sync.js';
import { EventSegments } from './event-segments.js';

export interface SnapshotContent {
  /** The document; its `events` are only those the file held itself (a data file of version 2). */
  readonly data: StoreData;
  /** Journal lines with a sequence number up to this one are already in `data`. */
  readonly journalSeq: number;
  /** Size of the file (in UTF-16 units, which is bytes for ASCII JSON), for the compaction threshold. */
  readonly bytes: number;
  /** The event segments the file names (event-segments.ts), in order: they hold the rest of the events. */
  readonly eventSegments: readonly string[];
}

/** A snapshot write failed; `renamed` tells whether the new file had already replaced the data file. */
export class SnapshotWriteError extends Error {
  readonly renamed: boolean;

  constructor(message: string, cause: unknown, renamed: boolean) {
    super(message, { cause });
    this.name = 'SnapshotWriteError';
    this.renamed = renamed;
  }
}

/**
 * The text of the data file for `data`: compact JSON, with `journalSeq` and the event segments that hold
 * its events next to `schemaVersion`, and `events` empty (they are in the segments).
 * Synchronous on purpose: the caller serializes before it awaits anything, while the document is
 * consistent. The wrapper is shallow: the collections are the live objects, not copies.
 */
export function serializeSnapshot(
  data: StoreData,
  journalSeq: number,
  eventSegments: readonly string[] = [],
): string {
  const { schemaVersion, ...rest } = data;
  return JSON.stringify({ schemaVersion, journalSeq, eventSegments, ...rest, events: {} });
}

export class SnapshotFile {
  readonly path: string;
  /** Per process, so a process that takes over a stale lock never writes into its predecessor's draft. */
  readonly #draftPath: string;

  readonly segments: EventSegments;

  constructor(path: string) {
    this.path = path;
    this.#draftPath = `${path}.${process.pid}.tmp`;
    this.segments = new EventSegments(path);
  }

  /** The checked document, or null if the file does not exist. Throws (touching nothing) otherwise. */
  async read(): Promise<SnapshotContent | null> {
    let text: string;
    try {
      // As text, not bytes: holding a Buffer of the file through the parse would double the peak memory.
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return null;
      throw new Error(`cannot read the data file ${this.path}: ${messageOf(error)}`, { cause: error });
    }
    const bytes = text.length;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `the data file ${this.path} is not valid JSON (${messageOf(error)}); it was left untouched`,
      );
    }
    let content: SnapshotContent;
    try {
      const journalSeq = takeJournalSeq(value);
      const eventSegments = takeEventSegments(value);
      const data = checkStoreData(value);
      content = { data, journalSeq, bytes, eventSegments };
    } catch (error) {
      throw new Error(
        `the data file ${this.path} cannot be used: ${messageOf(error)}; it was left untouched`,
      );
    }
    return content;
  }

  /**
   * Replaces the data file with `json` durably. On failure it rejects with a `SnapshotWriteError` naming
   * the file, whose `cause` is the file-system error.
   */
  async write(json: string): Promise<void> {
    let renamed = false;
    try {
      const file = await open(this.#draftPath, 'w', 0o600);
      try {
        await file.writeFile(json);
        const syncStarted = performance.now();
        await file.sync();
        storeTimings().flush('data', secondsSince(syncStarted));
      } finally {
        await file.close();
      }
      await rename(this.#draftPath, this.path);
      renamed = true;
      // The rename is only durable once the directory entry is: without this a crash can bring back
      // the old file even though the new one was acknowledged.
      await syncDirectory(dirname(this.path));
    } catch (error) {
      // Not recursive: only ever remove our own draft file, never whatever else sits at that path.
      if (!renamed) await rm(this.#draftPath, { force: true }).catch(() => {});
      throw new SnapshotWriteError(
        `could not write the data file ${this.path}: ${messageOf(error)}`,
        error,
        renamed,
      );
    }
  }

  /**
   * Deletes drafts left by processes killed in the middle of a write. Only call while holding the lock:
   * then no other process can be writing one.
   */
  async removeLeftoverDrafts(): Promise<void> {
    const prefix = `${basename(this.path)}.`;
    const dir = dirname(this.path);
    for (const name of await readdir(dir)) {
      if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) {
        await unlink(join(dir, name)).catch(() => {}); // best effort: a leftover only wastes space
      }
    }
  }
}

/** Removes `eventSegments` from the parsed file and returns it (none: a file written before segments). */
function takeEventSegments(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, 'eventSegments')) return [];
  const names = (value as { eventSegments: unknown }).eventSegments;
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    throw new Error('eventSegments is not a list of file names');
  }
  Reflect.deleteProperty(value, 'eventSegments');
  return names as string[];
}

/**
 * Removes `journalSeq` from the parsed file and returns it: the in-memory document (and `snapshot()`)
 * never carries it. A file written before the journal existed has none, which means 0.
 */
function takeJournalSeq(value: unknown): number {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, 'journalSeq')) return 0;
  const seq = (value as { journalSeq: unknown }).journalSeq;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0) {
    throw new Error(`journalSeq is ${JSON.stringify(seq)}, not a sequence number`);
  }
  Reflect.deleteProperty(value, 'journalSeq');
  return seq as number;
}
