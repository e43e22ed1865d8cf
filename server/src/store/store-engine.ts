/**
 * The `Store` both the file store and the memory store are: transactions over the memory state, plus
 * group commit when there is a disk behind it. Writes apply in memory at once and are numbered; one disk
 * write is in flight at a time and makes durable every write applied before it started, so under load
 * the cost of serializing the document is shared by all the writes that arrived meanwhile.
 */
import type { MemoryState } from './memory-state.js';
import type { StoreData } from './records.js';
import type { Store, StoreView, Transaction } from './store.js';
import { checkStoreData } from './store-data.js';
import type { StoreLogger } from './store-logger.js';
import { StateTransaction } from './transaction.js';

/** Where the state is made durable. */
export interface Persistence {
  /**
   * Makes `data` durable. Must serialize it before returning its promise (the document keeps changing
   * while the write is in flight). Rejects with an Error that names what could not be written.
   */
  write(data: StoreData): Promise<void>;
  /** A fresh copy of the last durable document, to go back to when a write fails. */
  readDurable(): StoreData;
  /** Releases what the persistence holds (the file lock). */
  close(): Promise<void>;
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

export class StoreEngine implements Store {
  readonly #state: MemoryState;
  /** null: nothing to make durable (the memory store), every write is durable once applied. */
  readonly #persistence: Persistence | null;
  readonly #logger: StoreLogger | undefined;
  /** Sequence number of the last write applied in memory. */
  #applied = 0;
  /** Sequence number of the last write known to be on disk. */
  #durable = 0;
  #writeWaiters: WriteWaiter[] = [];
  #readWaiters: ReadWaiter[] = [];
  /** The running flush loop, if any; it never rejects. */
  #flushing: Promise<void> | null = null;
  #inWriter = false;
  #closing: Promise<void> | null = null;

  constructor(state: MemoryState, persistence: Persistence | null, logger?: StoreLogger) {
    this.#state = state;
    this.#persistence = persistence;
    this.#logger = logger;
  }

  peek<T>(reader: (view: StoreView) => T): T {
    return reader(this.#state);
  }

  read<T>(reader: (view: StoreView) => T): Promise<T> {
    const refusal = this.#refusal('read');
    if (refusal) return Promise.reject(refusal);
    let value: T;
    try {
      value = reader(this.#state);
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

  write<T>(writer: (tx: Transaction) => T): Promise<T> {
    const refusal = this.#refusal('write');
    if (refusal) return Promise.reject(refusal);
    const tx = new StateTransaction(this.#state);
    let result: T;
    this.#inWriter = true;
    try {
      result = writer(tx);
      if (isThenable(result)) {
        result.then(undefined, () => {}); // its outcome no longer matters; do not let it go unhandled
        throw new TypeError('store.write: the writer must be synchronous, but it returned a promise');
      }
      tx.commit();
    } catch (error) {
      tx.rollback();
      return Promise.reject(error);
    } finally {
      this.#inWriter = false;
    }
    // A writer that changed nothing still read the state, so it waits like a read for what it saw.
    if (tx.changed) this.#applyOne();
    return this.#whenDurable(this.#applied).then(() => result);
  }

  snapshot(): StoreData {
    return structuredClone(this.#state.data);
  }

  replace(data: StoreData): Promise<void> {
    const refusal = this.#refusal('replace');
    if (refusal) return Promise.reject(refusal);
    try {
      // A copy: the state is mutated in place, and the caller may reuse `data` (the mock's seed).
      this.#state.load(checkStoreData(structuredClone(data)));
    } catch (error) {
      return Promise.reject(error);
    }
    this.#applyOne();
    return this.#whenDurable(this.#applied);
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    while (this.#flushing !== null) await this.#flushing;
    await this.#persistence?.close();
  }

  #refusal(operation: string): Error | undefined {
    if (this.#closing !== null) return new Error(`store.${operation}: the store is closed`);
    // A nested write would interleave its undo log with the outer one; reads inside a writer would see
    // changes that may still be rolled back. The transaction is the writer's view.
    if (this.#inWriter) return new Error(`store.${operation} called inside a writer; use the transaction`);
    return undefined;
  }

  #applyOne(): void {
    this.#applied++;
    if (this.#persistence === null) this.#durable = this.#applied;
    else this.#flushing ??= this.#flushLoop();
  }

  #whenDurable(seq: number): Promise<void> {
    if (this.#durable >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#writeWaiters.push({ seq, resolve, reject });
    });
  }

  async #flushLoop(): Promise<void> {
    const persistence = this.#persistence!;
    try {
      // Let the writes of the current tick join the first disk write, not wait for a second one.
      await Promise.resolve();
      while (this.#durable < this.#applied) {
        const target = this.#applied;
        try {
          await persistence.write(this.#state.data);
        } catch (error) {
          this.#recover(persistence, error);
          continue;
        }
        this.#durable = target;
        this.#settle(target);
      }
    } finally {
      this.#flushing = null;
    }
  }

  /** Resolves every waiter whose writes are now on disk (waiters are queued in sequence order). */
  #settle(durable: number): void {
    let w = 0;
    while (w < this.#writeWaiters.length && this.#writeWaiters[w]!.seq <= durable) w++;
    for (const waiter of this.#writeWaiters.splice(0, w)) waiter.resolve();
    let r = 0;
    while (r < this.#readWaiters.length && this.#readWaiters[r]!.seq <= durable) r++;
    for (const waiter of this.#readWaiters.splice(0, r)) waiter.resolve(waiter.value);
  }

  /**
   * A disk write failed. Every write not yet on disk is in the in-memory document, and a state nobody
   * can rely on must not be served: go back to the last durable document and reject all pending writes,
   * including those applied after the failed disk write started (going back drops them too). Pending
   * reads saw dropped changes; they are answered again from the durable state. The next write tries the
   * disk again.
   */
  #recover(persistence: Persistence, error: unknown): void {
    this.#logger?.error(
      { err: error, rejectedWrites: this.#writeWaiters.length },
      'store: a disk write failed; pending writes are rejected and the last durable state restored',
    );
    this.#state.load(persistence.readDurable());
    this.#durable = this.#applied;
    const writers = this.#writeWaiters;
    const readers = this.#readWaiters;
    this.#writeWaiters = [];
    this.#readWaiters = [];
    for (const waiter of writers) waiter.reject(error);
    for (const waiter of readers) {
      try {
        waiter.resolve(waiter.reader(this.#state));
      } catch (readError) {
        waiter.reject(readError);
      }
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
