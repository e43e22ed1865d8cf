/**
 * What the file store writes for each group commit:
 *
 * - Normally one journal line with the commit's net changes: one append, one fsync, whatever the size
 *   of the document.
 * - Once the journal has grown past max(8 MiB, ¼ of the data file), its events not counted (up to four
 *   times that), the whole document instead, as a new data file (compaction), after which the journal is
 *   removed. If that fails, the same commit appends
 *   its line after all: a failed compaction must not fail writes the journal can carry. The event log is
 *   not in the data file: a compaction first writes the events recorded since the last one as a new
 *   event segment, which the data file then names (segmented-event-log.ts).
 * - After `replace`, and after a failure that left the journal in an unknown state, the whole document
 *   too: then only a new data file makes the disk match the memory again.
 *
 * Sequence numbers: `#seq` is the highest one that may be in the journal file. A data file written now
 * records it as its `journalSeq`, so a restart skips every line it already holds (including a line whose
 * append failed but may have reached the disk: its writes were undone in memory, so they are not in the
 * data file either, and must not come back).
 */
import type { ChangeSet } from '../change-set.js';
import type { StoreData } from '../records.js';
import type { StoreStats } from '../store.js';
import type { Persistence } from '../store-engine.js';
import type { StoreLogger } from '../store-logger.js';
import type { FileLock } from './file-lock.js';
import { JournalAppendError, type JournalFile } from './journal-file.js';
import { type EncodedLine, encodeJournalLine } from './journal-format.js';
import type { SegmentIndex } from './segment-index.js';
import type { SegmentedEventLog, SegmentPlan } from './segmented-event-log.js';
import { type SnapshotFile, SnapshotWriteError, serializeSnapshot } from './snapshot-file.js';

export interface FilePersistenceOptions {
  readonly snapshot: SnapshotFile;
  readonly journal: JournalFile;
  readonly lock: FileLock;
  readonly events: SegmentedEventLog;
  /** The highest sequence number in the journal (or the data file's `journalSeq` if higher). */
  readonly lastSeq: number;
  /** Size of the data file, which sets the compaction threshold. */
  readonly snapshotBytes: number;
  /** The compaction threshold's floor. */
  readonly compactAfterBytes: number;
  readonly logger?: StoreLogger | undefined;
}

export class FilePersistence implements Persistence {
  readonly #snapshot: SnapshotFile;
  readonly #journal: JournalFile;
  readonly #lock: FileLock;
  readonly #events: SegmentedEventLog;
  readonly #compactAfterBytes: number;
  readonly #logger: StoreLogger | undefined;
  #seq: number;
  #snapshotBytes: number;
  /** False when the journal's content is unknown: every commit then writes the whole document. */
  #journalUsable = true;
  /** How many of the journal's bytes are events (unknown for a journal found at start: counted as 0). */
  #journalEventBytes = 0;
  /** After a failed compaction, the journal size at which to try again (not at every commit). */
  #retryCompactionAt = 0;
  /** Removing the journal failed last time it was tried (logged once, not at every commit). */
  #removalFailing = false;

  constructor(options: FilePersistenceOptions) {
    this.#snapshot = options.snapshot;
    this.#journal = options.journal;
    this.#lock = options.lock;
    this.#events = options.events;
    this.#seq = options.lastSeq;
    this.#snapshotBytes = options.snapshotBytes;
    this.#compactAfterBytes = options.compactAfterBytes;
    this.#logger = options.logger;
  }

  commit(changes: ChangeSet | null, data: StoreData): Promise<void> {
    // Everything is serialized here, synchronously; the document goes on changing after this returns.
    // After `replace` the whole log is new; with the journal unusable, this commit's events go into the
    // new segment like any others (the bookkeeping of what is unsegmented holds after a failed append).
    if (changes === null) return this.#writeSnapshot(this.#prepare(data, { rewriteAll: true }));
    if (!this.#journalUsable) return this.#writeSnapshot(this.#prepare(data, { changes }));
    const line = encodeJournalLine(this.#seq + 1, changes.values());
    if (this.#compactionDue()) return this.#compact(this.#prepare(data, { changes }), line, changes);
    return this.#append(line).then(() => this.#events.noteCommitted(changes));
  }

  stats(): Partial<StoreStats> {
    return { journalBytes: this.#journal.size };
  }

  /** Compacts whatever the journal holds, so a clean stop leaves one file that has everything. */
  async close(data: StoreData): Promise<void> {
    try {
      if (this.#journal.size > 0 || !this.#journalUsable) {
        await this.#writeSnapshot(this.#prepare(data, {}));
      }
    } catch (error) {
      this.#logger?.error(
        { err: error },
        'store: could not compact the journal into the data file on close; the next start replays it',
      );
    } finally {
      this.#events.disk.close();
      await this.#lock.release();
    }
  }

  /** The journal size past which it is compacted: max(the floor, ¼ of the data file). */
  #threshold(): number {
    return Math.max(this.#compactAfterBytes, this.#snapshotBytes / 4);
  }

  /**
   * Events do not count towards the threshold, up to four times it: a compaction rewrites the data file,
   * which holds none of them, so an event-heavy stream of writes must not rewrite it more often. The cap
   * keeps a restart's replay of the journal bounded all the same.
   */
  #compactionDue(): boolean {
    const size = this.#journal.size;
    const threshold = this.#threshold();
    const due = size - this.#journalEventBytes > threshold || size > 4 * threshold;
    return due && size >= this.#retryCompactionAt;
  }

  async #append(line: EncodedLine): Promise<void> {
    const seq = ++this.#seq; // from here on this line may be in the file
    try {
      await this.#journal.append(line.bytes);
      this.#journalEventBytes += line.eventBytes;
    } catch (error) {
      // Cut back cleanly: the number can be used again. Otherwise the line may be there, complete or
      // torn, and nothing may be appended after it.
      if (error instanceof JournalAppendError && error.intact) this.#seq = seq - 1;
      else this.#journalUsable = false;
      throw error;
    }
  }

  /** The data file for `data` and the event segment to write before it, made synchronously. */
  #prepare(data: StoreData, options: Parameters<SegmentedEventLog['plan']>[1]): PreparedSnapshot {
    const plan = this.#events.plan(data, options);
    return { json: serializeSnapshot(data, this.#seq, plan.segments), plan };
  }

  /** The new event segment (and its index), then the data file that names it. */
  async #writePrepared({ json, plan }: PreparedSnapshot): Promise<SegmentIndex | null> {
    let index: SegmentIndex | null = null;
    if (plan.newSegment) {
      const { name, events, kept } = plan.newSegment;
      try {
        index = await this.#events.files.write(
          name,
          events,
          kept === null ? null : { from: this.#events.disk, positions: kept },
        );
      } catch (error) {
        throw new SnapshotWriteError(
          `could not write the event segment ${plan.newSegment.name} beside ${this.#snapshot.path}: ${error instanceof Error ? error.message : String(error)}`,
          error,
          false,
        );
      }
    }
    try {
      await this.#snapshot.write(json);
    } catch (error) {
      // No data file names the new segment: leave nothing behind (the next plan writes it again).
      const renamed = error instanceof SnapshotWriteError && error.renamed;
      if (plan.newSegment && !renamed) await this.#events.files.remove(plan.newSegment.name);
      throw error;
    }
    return index;
  }

  /** The data file of `prepared` is durable: its plan is the event log's state now. */
  async #written({ json, plan }: PreparedSnapshot, index: SegmentIndex | null): Promise<void> {
    this.#snapshotBytes = json.length;
    this.#events.planWritten(plan, index);
    if (plan.replacesAll) await this.#events.files.removeAllBut(plan.segments);
  }

  /** A snapshot the commit cannot do without (after `replace`, or with the journal unusable). */
  async #writeSnapshot(prepared: PreparedSnapshot): Promise<void> {
    let index: SegmentIndex | null;
    try {
      index = await this.#writePrepared(prepared);
    } catch (error) {
      // Renamed into place (its directory fsync failed): a restart may read this document, whose last
      // writes are about to be undone in memory. Only another snapshot can replace it.
      if (error instanceof SnapshotWriteError && error.renamed) this.#journalUsable = false;
      throw error;
    }
    await this.#written(prepared, index);
    await this.#removeJournal();
  }

  /** A compaction: the commit's writes go into the new data file, or into the journal if that fails. */
  async #compact(prepared: PreparedSnapshot, line: EncodedLine, changes: ChangeSet): Promise<void> {
    let index: SegmentIndex | null;
    try {
      index = await this.#writePrepared(prepared);
    } catch (error) {
      this.#retryCompactionAt = this.#journal.size + this.#threshold() / 4;
      this.#logger?.warn(
        { err: error },
        'store: could not compact the journal into the data file; appending to the journal instead',
      );
      try {
        // Also right if the new data file was renamed into place: replaying this line onto a document
        // that already has its changes changes nothing.
        await this.#append(line);
      } catch (appendError) {
        if (error instanceof SnapshotWriteError && error.renamed) this.#journalUsable = false;
        throw appendError;
      }
      this.#events.noteCommitted(changes);
      return;
    }
    await this.#written(prepared, index);
    await this.#removeJournal();
  }

  /**
   * The data file now holds every line of the journal. If it cannot be removed, those lines are merely
   * skipped by a restart: a journal known to end with a whole line goes on taking lines (compaction is
   * tried again later), one whose end is unknown (after a failed append) still takes none.
   */
  async #removeJournal(): Promise<void> {
    try {
      await this.#journal.remove();
      this.#journalEventBytes = 0;
      this.#journalUsable = true;
      this.#retryCompactionAt = 0;
      this.#removalFailing = false;
    } catch (error) {
      this.#retryCompactionAt = this.#journal.size + this.#threshold() / 4;
      if (!this.#removalFailing) {
        this.#logger?.warn(
          { err: error, journal: this.#journal.path },
          this.#journalUsable
            ? 'store: could not remove the journal after writing the data file; appending to it still'
            : 'store: could not remove the journal after writing the data file; every commit writes the whole data file until it can',
        );
      }
      this.#removalFailing = true;
    }
  }
}

interface PreparedSnapshot {
  readonly json: string;
  readonly plan: SegmentPlan;
}
