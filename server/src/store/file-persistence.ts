/**
 * What the file store writes for each group commit:
 *
 * - Normally one journal line with the commit's net changes: one append, one fsync, whatever the size
 *   of the document.
 * - Once the journal has grown past max(8 MiB, ¼ of the data file), the whole document instead, as a new
 *   data file (compaction), after which the journal is removed. If that fails, the same commit appends
 *   its line after all: a failed compaction must not fail writes the journal can carry.
 * - After `replace`, and after a failure that left the journal in an unknown state, the whole document
 *   too: then only a new data file makes the disk match the memory again.
 *
 * Sequence numbers: `#seq` is the highest one that may be in the journal file. A data file written now
 * records it as its `journalSeq`, so a restart skips every line it already holds (including a line whose
 * append failed but may have reached the disk: its writes were undone in memory, so they are not in the
 * data file either, and must not come back).
 */
import type { ChangeSet } from './change-set.js';
import type { FileLock } from './file-lock.js';
import { JournalAppendError, type JournalFile } from './journal-file.js';
import { encodeJournalLine } from './journal-format.js';
import type { StoreData } from './records.js';
import { type SnapshotFile, SnapshotWriteError, serializeSnapshot } from './snapshot-file.js';
import type { Persistence } from './store-engine.js';
import type { StoreLogger } from './store-logger.js';

export interface FilePersistenceOptions {
  readonly snapshot: SnapshotFile;
  readonly journal: JournalFile;
  readonly lock: FileLock;
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
  readonly #compactAfterBytes: number;
  readonly #logger: StoreLogger | undefined;
  #seq: number;
  #snapshotBytes: number;
  /** False when the journal's content is unknown: every commit then writes the whole document. */
  #journalUsable = true;
  /** After a failed compaction, the journal size at which to try again (not at every commit). */
  #retryCompactionAt = 0;
  /** Removing the journal failed last time it was tried (logged once, not at every commit). */
  #removalFailing = false;

  constructor(options: FilePersistenceOptions) {
    this.#snapshot = options.snapshot;
    this.#journal = options.journal;
    this.#lock = options.lock;
    this.#seq = options.lastSeq;
    this.#snapshotBytes = options.snapshotBytes;
    this.#compactAfterBytes = options.compactAfterBytes;
    this.#logger = options.logger;
  }

  commit(changes: ChangeSet | null, data: StoreData): Promise<void> {
    // Everything is serialized here, synchronously; the document goes on changing after this returns.
    if (changes === null || !this.#journalUsable) {
      return this.#writeSnapshot(serializeSnapshot(data, this.#seq));
    }
    const line = encodeJournalLine(this.#seq + 1, changes.values());
    if (this.#compactionDue()) return this.#compact(serializeSnapshot(data, this.#seq), line);
    return this.#append(line);
  }

  /** Compacts whatever the journal holds, so a clean stop leaves one file that has everything. */
  async close(data: StoreData): Promise<void> {
    try {
      if (this.#journal.size > 0 || !this.#journalUsable) {
        await this.#writeSnapshot(serializeSnapshot(data, this.#seq));
      }
    } catch (error) {
      this.#logger?.error(
        { err: error },
        'store: could not compact the journal into the data file on close; the next start replays it',
      );
    } finally {
      await this.#lock.release();
    }
  }

  /** The journal size past which it is compacted: max(the floor, ¼ of the data file). */
  #threshold(): number {
    return Math.max(this.#compactAfterBytes, this.#snapshotBytes / 4);
  }

  #compactionDue(): boolean {
    const size = this.#journal.size;
    return size > this.#threshold() && size >= this.#retryCompactionAt;
  }

  async #append(line: Buffer): Promise<void> {
    const seq = ++this.#seq; // from here on this line may be in the file
    try {
      await this.#journal.append(line);
    } catch (error) {
      // Cut back cleanly: the number can be used again. Otherwise the line may be there, complete or
      // torn, and nothing may be appended after it.
      if (error instanceof JournalAppendError && error.intact) this.#seq = seq - 1;
      else this.#journalUsable = false;
      throw error;
    }
  }

  /** A snapshot the commit cannot do without (after `replace`, or with the journal unusable). */
  async #writeSnapshot(json: string): Promise<void> {
    try {
      await this.#snapshot.write(json);
    } catch (error) {
      // Renamed into place (its directory fsync failed): a restart may read this document, whose last
      // writes are about to be undone in memory. Only another snapshot can replace it.
      if (error instanceof SnapshotWriteError && error.renamed) this.#journalUsable = false;
      throw error;
    }
    this.#snapshotBytes = json.length;
    await this.#removeJournal();
  }

  /** A compaction: the commit's writes go into the new data file, or into the journal if that fails. */
  async #compact(json: string, line: Buffer): Promise<void> {
    try {
      await this.#snapshot.write(json);
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
      return;
    }
    this.#snapshotBytes = json.length;
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
