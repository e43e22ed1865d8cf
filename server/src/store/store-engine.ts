/**
 * The `Store` both the file store and the memory store are: the store core (store-core.ts), plus group
 * commit when there is a disk behind it. Writes apply in memory at once and are numbered; one disk write
 * is in flight at a time and makes durable every write applied before it started, so under load one
 * fsync is shared by all the writes that arrived meanwhile. Until its disk write succeeds, a write keeps
 * its undo log: a failed disk write undoes exactly the writes that are not durable.
 */

import { type ChangeSet, mergeChanges, type RecordChange } from './change-set.js';
import { CommitLoop } from './commit-loop.js';
import type { MemoryState } from './memory-state.js';
import type { StoreData } from './records.js';
import { collectionNames } from './records.js';
import type { StoreStats, StoreView, Transaction } from './store.js';
import { type AppliedWriter, StoreCore } from './store-core.js';
import { checkStoreData } from './store-data.js';
import type { StoreLogger } from './store-logger.js';
import { timedCommit } from './store-timings.js';

/** Where the state is made durable. */
export interface Persistence {
  /**
   * Makes durable every write applied so far. `changes` are their net record changes since the previous
   * commit, or null when only the whole document will do (after `replace`). Must take everything it
   * writes from `changes` and `data` before its first await: the document keeps changing while the
   * write is in flight, and those changes belong to the next commit. Rejects with an Error that names
   * what could not be written, with the file-system error as its `cause`.
   */
  commit(changes: ChangeSet | null, data: StoreData): Promise<void>;
  /** Called once nothing is pending: leaves the files tidy (compacts) and releases the lock. */
  close(data: StoreData): Promise<void>;
  /** What `GET /metrics` shows of it (the journal's size). */
  stats?(): Partial<StoreStats>;
}

interface WriteWaiter {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

interface ReadWaiter {
  readonly seq: number;
  readonly reader: (view: StoreView) => unknown;
  readonly value: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How to take back one applied write that is not durable yet. */
interface PendingUndo {
  readonly seq: number;
  readonly undo: () => void;
}

export class StoreEngine extends StoreCore {
  /** null: nothing to make durable (the memory store), every write is durable once applied. */
  readonly #persistence: Persistence | null;
  /** The disk writes, one at a time (null with no persistence). */
  readonly #commits: CommitLoop | null;
  readonly #logger: StoreLogger | undefined;
  /** Sequence number of the last write applied in memory. */
  #applied = 0;
  /** Sequence number of the last write known to be on disk. */
  #durable = 0;
  /** Net changes of the applied writes not yet handed to a commit; null after `replace`. */
  #changes: ChangeSet | null = new Map();
  /** Undo of every applied write that is not durable yet, oldest first. */
  #undo: PendingUndo[] = [];
  #writeWaiters: WriteWaiter[] = [];
  #readWaiters: ReadWaiter[] = [];

  constructor(state: MemoryState, persistence: Persistence | null, logger?: StoreLogger) {
    super(state);
    this.#persistence = persistence;
    this.#commits =
      persistence === null
        ? null
        : new CommitLoop(
            () => this.#durable < this.#applied,
            () => this.#commitApplied(persistence),
          );
    this.#logger = logger;
  }

  protected nothingPending(): boolean {
    return this.#durable >= this.#applied;
  }

  protected readState<T>(reader: (view: StoreView) => T): Promise<T> {
    let value: T;
    try {
      value = reader(this.state);
    } catch (error) {
      return Promise.reject(error);
    }
    // The hot path: nothing pending, so the answer is already durable.
    if (this.#durable >= this.#applied) return Promise.resolve(value);
    return new Promise<T>((resolve, reject) => {
      this.#readWaiters.push({
        seq: this.#applied,
        reader,
        value,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  }

  protected writeState<T>(writer: (tx: Transaction) => T): Promise<T> {
    let applied: AppliedWriter<T>;
    try {
      applied = this.runWriter(writer);
    } catch (error) {
      return Promise.reject(error);
    }
    const { tx, result } = applied;
    // A writer that changed nothing still read the state, so it waits like a read for what it saw.
    if (tx.changed) this.#applyOne(tx.changes, () => tx.rollback());
    return this.#whenDurable(this.#applied).then(() => result);
  }

  protected replaceState(data: StoreData): Promise<void> {
    const previous = this.state.data;
    try {
      // The state adds and removes entries of its collection tables in place, and the caller may reuse
      // `data` (the mock's seed): new tables, but the records themselves are shared, since a record is
      // never edited, only replaced. A deep copy here was three quarters of the mock's reset.
      this.state.load(checkStoreData(withOwnTables(data)));
    } catch (error) {
      return Promise.reject(error);
    }
    // The events kept on disk go too: the new state's events are all in `data`.
    const restoreColdEvents = this.state.clearColdEvents();
    // `load` leaves the previous document object as it was, so loading it again undoes the replace.
    this.#applyOne(null, () => {
      this.state.load(previous);
      restoreColdEvents();
    });
    return this.#whenDurable(this.#applied);
  }

  protected override moreStats(): Partial<StoreStats> {
    return this.#persistence?.stats?.() ?? {};
  }

  protected async closeStore(): Promise<void> {
    await this.#commits?.idle();
    await this.#persistence?.close(this.state.data);
  }

  /** Numbers an applied write; `changes` null: it replaced the whole document. */
  #applyOne(changes: ReadonlyMap<string, RecordChange> | null, undo: () => void): void {
    this.#applied++;
    this.changeListeners.changed();
    if (this.#commits === null) {
      this.#durable = this.#applied;
      return;
    }
    this.#undo.push({ seq: this.#applied, undo });
    if (changes === null) this.#changes = null;
    else if (this.#changes !== null) mergeChanges(this.#changes, changes);
    this.#commits.start();
  }

  #whenDurable(seq: number): Promise<void> {
    if (this.#durable >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#writeWaiters.push({ seq, resolve, reject });
    });
  }

  /** One disk write of every write applied so far. */
  async #commitApplied(persistence: Persistence): Promise<void> {
    const target = this.#applied;
    const changes = this.#changes;
    this.#changes = new Map();
    try {
      await timedCommit(target - this.#durable, () => persistence.commit(changes, this.state.data));
    } catch (error) {
      this.#recover(error);
      return;
    }
    this.#durable = target;
    this.#forgetUndo(target);
    this.#settle(target);
  }

  #forgetUndo(durable: number): void {
    this.#undo.splice(0, countUpTo(this.#undo, durable));
  }

  /** Resolves every waiter whose writes are now on disk (waiters are queued in sequence order). */
  #settle(durable: number): void {
    for (const waiter of this.#writeWaiters.splice(0, countUpTo(this.#writeWaiters, durable)))
      waiter.resolve();
    for (const waiter of this.#readWaiters.splice(0, countUpTo(this.#readWaiters, durable))) {
      waiter.resolve(waiter.value);
    }
  }

  /**
   * A disk write failed. Every write not yet on disk is in the in-memory state, and a state nobody can
   * rely on must not be served: undo them all, newest first, which leaves exactly the last durable
   * state, and reject them all, including those applied after the failed disk write started (undoing
   * drops them too). Pending reads saw dropped changes; they are answered again from the durable state.
   * The next write tries the disk again.
   */
  #recover(error: unknown): void {
    this.#logger?.error(
      { err: error, rejectedWrites: this.#writeWaiters.length },
      'store: a disk write failed; pending writes are rejected and the last durable state restored',
    );
    const undo = this.#undo;
    this.#undo = [];
    for (const entry of undo.reverse()) entry.undo();
    this.changeListeners.changed();
    this.#changes = new Map();
    this.#durable = this.#applied;
    const writers = this.#writeWaiters;
    const readers = this.#readWaiters;
    this.#writeWaiters = [];
    this.#readWaiters = [];
    for (const waiter of writers) waiter.reject(error);
    for (const waiter of readers) {
      try {
        waiter.resolve(waiter.reader(this.state));
      } catch (readError) {
        waiter.reject(readError);
      }
    }
  }
}

function withOwnTables(data: StoreData): StoreData {
  const copy = { ...data };
  for (const name of collectionNames) (copy as Record<string, unknown>)[name] = { ...data[name] };
  return copy;
}

/** How many entries at the front of `queue` (kept in sequence order) have a sequence number up to `seq`. */
function countUpTo(queue: readonly { readonly seq: number }[], seq: number): number {
  const index = queue.findIndex((entry) => entry.seq > seq);
  return index === -1 ? queue.length : index;
}
