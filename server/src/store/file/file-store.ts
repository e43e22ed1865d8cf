/**
 * The embedded default store: the whole document in memory, made durable in two files beside each other,
 * with a lock file so only one process serves them:
 *
 * - `<data>`: the data file, the whole document as compact JSON (lowdb's format) at some point in time
 *   (see snapshot-file.ts), with `journalSeq`, the last journal line it includes;
 * - `<data>.journal`: one JSON line per group commit since then, each with the records it changed
 *   (see journal-file.ts, journal-format.ts).
 *
 * When a commit appends a line and when it rewrites the data file instead: file-persistence.ts.
 *
 * Opening reads the data file and replays the journal lines it does not include yet (journal-replay.ts).
 * The event log is not in memory: its segments are read through their indexes (disk-events.ts); memory
 * keeps the events the journal holds until a compaction writes them into a segment.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type Adapter, Low } from 'lowdb';
import { messageOf } from '../../errno.js';
import { MemoryState } from '../memory-state.js';
import type { Store } from '../store.js';
import { emptyStoreData } from '../store-data.js';
import { StoreEngine } from '../store-engine.js';
import type { StoreLogger } from '../store-logger.js';
import type { DiskEvents } from './disk-events.js';
import { acquireFileLock } from './file-lock.js';
import { FilePersistence } from './file-persistence.js';
import { JournalFile, readJournalFile } from './journal-file.js';
import { replayJournal } from './journal-replay.js';
import { SegmentedEventLog } from './segmented-event-log.js';
import { type SnapshotContent, SnapshotFile, serializeSnapshot } from './snapshot-file.js';

export interface FileStoreOptions {
  /** The data file; it and its directory are created if missing. The journal is `<path>.journal`. */
  readonly path: string;
  readonly logger?: StoreLogger;
  /**
   * The journal is compacted into the data file once it is larger than this and than a quarter of the
   * data file. 8 MiB by default; lower it only to exercise compaction (tests).
   */
  readonly compactAfterBytes?: number;
}

export const DEFAULT_COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

/**
 * Opens the data file, taking its lock first (so nobody else writes it while we read it). A missing file
 * is created with empty data; a data file or journal that cannot be used is refused and never
 * overwritten. The one repair made is cutting a torn last line off the journal.
 */
export async function openFileStore(options: FileStoreOptions): Promise<Store> {
  const path = resolve(options.path);
  const journalPath = `${path}.journal`;
  const { logger } = options;
  await mkdir(dirname(path), { recursive: true });
  const lock = await acquireFileLock(path, logger);
  try {
    const snapshot = new SnapshotFile(path);
    let content = await loadWithLowdb(snapshot);
    const journalBytes = await readJournalFile(journalPath);
    if (content === null) content = await createDataFile(snapshot, journalPath, journalBytes, logger);
    const replay =
      journalBytes === null
        ? { lastSeq: content.journalSeq, appliedLines: 0, validBytes: 0, removedSegmentedEvents: [] }
        : replayJournal(journalBytes, content.journalSeq, content.data, journalPath);
    let disk: DiskEvents;
    try {
      disk = await snapshot.segments.open(content.eventSegments, logger);
    } catch (error) {
      throw new Error(`the data file ${path} cannot be used: ${messageOf(error)}; it was left untouched`);
    }
    let state: MemoryState;
    try {
      state = new MemoryState(content.data, disk);
    } catch (error) {
      disk.close();
      throw new Error(
        replay.appliedLines > 0
          ? `the data file ${path} with its journal ${journalPath} cannot be used: ${messageOf(error)}; both were left untouched`
          : `the data file ${path} cannot be used: ${messageOf(error)}; it was left untouched`,
      );
    }
    const journal = new JournalFile(journalPath, { size: replay.validBytes, exists: journalBytes !== null });
    if (journalBytes !== null && replay.validBytes < journalBytes.length) {
      await journal.cutTo(replay.validBytes);
      logger?.warn(
        { journal: journalPath, droppedBytes: journalBytes.length - replay.validBytes },
        'store: cut a torn last line off the journal (an append cut short by a crash, never acknowledged)',
      );
    }
    if (replay.appliedLines > 0) {
      logger?.info({ journal: journalPath, lines: replay.appliedLines }, 'store: replayed the journal');
    }
    await snapshot.removeLeftoverDrafts();
    await snapshot.segments.removeAllBut(content.eventSegments);
    const events = segmentedEventLog(snapshot, content, disk, replay.removedSegmentedEvents);
    events.evict = (ids) => state.evictEvents(ids);
    const persistence = new FilePersistence({
      snapshot,
      journal,
      lock,
      events,
      lastSeq: replay.lastSeq,
      snapshotBytes: content.bytes,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      logger,
    });
    return new StoreEngine(state, persistence, logger);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * What the segments hold after the journal's replay: events the journal added (or a data file of
 * version 2 held itself) still need a segment, and one the journal removed from a segment is removed
 * from the disk index and needs the log rewritten.
 */
function segmentedEventLog(
  snapshot: SnapshotFile,
  content: SnapshotContent,
  disk: DiskEvents,
  removedSegmentedEvents: readonly string[],
): SegmentedEventLog {
  let segmentedRemoved = false;
  for (const id of removedSegmentedEvents) {
    if (disk.remove(id)) segmentedRemoved = true;
  }
  return new SegmentedEventLog(snapshot.segments, disk, {
    segments: content.eventSegments,
    unsegmented: Object.values(content.data.events),
    segmentedRemoved,
  });
}

/**
 * A new, empty data file. A journal without its data file cannot be replayed onto anything: refused,
 * rather than starting empty and later overwriting it.
 */
async function createDataFile(
  snapshot: SnapshotFile,
  journalPath: string,
  journalBytes: Buffer | null,
  logger: StoreLogger | undefined,
): Promise<SnapshotContent> {
  if (journalBytes !== null && journalBytes.length > 0) {
    throw new Error(
      `found the journal ${journalPath} but not its data file ${snapshot.path}; refusing to start. ` +
        'Restore the data file, or move the journal away to start with empty data.',
    );
  }
  // The event log without its data file: starting empty would delete it as unnamed segments.
  const segments = await snapshot.segments.onDisk();
  if (segments.length > 0) {
    throw new Error(
      `found event segments (${segments.join(', ')}) but not their data file ${snapshot.path}; refusing to start. ` +
        'Restore the data file, or move the segments away to start with empty data.',
    );
  }
  const data = emptyStoreData();
  const json = serializeSnapshot(data, 0);
  await snapshot.write(json);
  logger?.info({ path: snapshot.path }, 'store: created a new data file');
  return { data, journalSeq: 0, bytes: json.length, eventSegments: [] };
}

/**
 * lowdb holds the document: its `Low` reads the data file through our adapter, and `db.data` is the
 * in-memory model the store indexes. lowdb's own `write()` (a pretty-printed whole-file rewrite per
 * call, no fsync) is never used: commits go through the journal and compaction (file-persistence.ts).
 */
async function loadWithLowdb(snapshot: SnapshotFile): Promise<SnapshotContent | null> {
  const adapter: Adapter<SnapshotContent> = {
    read: () => snapshot.read(),
    write: () =>
      Promise.reject(new Error('the store commits through its journal, never through lowdb write()')),
  };
  const db = new Low<SnapshotContent | null>(adapter as Adapter<SnapshotContent | null>, null);
  await db.read();
  return db.data;
}
