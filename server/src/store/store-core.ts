/**
 * What both stores are, apart from how a write becomes durable: the whole state in memory (every answer
 * is computed on it by the same code, so both give the same answers), the listeners of its changes, and
 * the rules of use: nothing after `close`, no store call from inside a writer, and every writer run
 * synchronously in a transaction of its own, undone when it throws. The file and memory stores' engine
 * (store-engine.ts) and the PostgreSQL store (postgres/postgres-store.ts) extend it.
 */
import { ChangeListeners } from './change-listeners.js';
import type { Footprint } from './footprint.js';
import type { MemoryState } from './memory-state.js';
import type { StoreData } from './records.js';
import type { Store, StoreStats, StoreView, Transaction } from './store.js';
import { StateTransaction } from './transaction.js';

/** A writer that ran to its end: its transaction (committed, still undoable) and what it returned. */
export interface AppliedWriter<T> {
  readonly tx: StateTransaction;
  readonly result: T;
}

/** A store's `runWriter`, handed to what runs writers for it (the PostgreSQL store's write batches). */
export type WriterRunner = (
  writer: (tx: Transaction) => unknown,
  footprint?: Footprint,
) => AppliedWriter<unknown>;

export abstract class StoreCore implements Store {
  protected readonly state: MemoryState;
  protected readonly changeListeners = new ChangeListeners();
  #inWriter = false;
  #closing: Promise<void> | null = null;

  constructor(state: MemoryState) {
    this.state = state;
  }

  /** `read`, once the rules of use allow it. */
  protected abstract readState<T>(reader: (view: StoreView) => T): Promise<T>;
  /** Whether no write applied in memory waits to be made durable (or for its batch's outcome). */
  protected abstract nothingPending(): boolean;
  /** `write`, once the rules of use allow it. */
  protected abstract writeState<T>(writer: (tx: Transaction) => T): Promise<T>;
  /** `replace`, once the rules of use allow it. */
  protected abstract replaceState(data: StoreData): Promise<void>;
  /** Finishes the writes on their way and releases what the store holds (the file's lock, connections). */
  protected abstract closeStore(): Promise<void>;

  read<T>(reader: (view: StoreView) => T): Promise<T> {
    return this.#refusal('read') ?? this.readState(reader);
  }

  write<T>(writer: (tx: Transaction) => T): Promise<T> {
    return this.#refusal('write') ?? this.writeState(writer);
  }

  replace(data: StoreData): Promise<void> {
    return this.#refusal('replace') ?? this.replaceState(data);
  }

  readsAtOnce(): boolean {
    return this.#closing === null && !this.#inWriter && this.nothingPending();
  }

  peek<T>(reader: (view: StoreView) => T): T {
    return reader(this.state);
  }

  snapshot(): StoreData {
    // A deep copy: whoever holds a snapshot may edit it freely. Events read from disk are new objects.
    const copy = structuredClone(this.state.data);
    for (const event of this.state.coldEventsNow()) copy.events[event.id] = event;
    return copy;
  }

  stats(): StoreStats {
    return { events: this.state.eventCount(), ...this.moreStats() };
  }

  /** What a store adds to `stats` (its journal, its connections). */
  protected moreStats(): Partial<StoreStats> {
    return {};
  }

  onChange(listener: () => void): () => void {
    return this.changeListeners.add(listener);
  }

  close(): Promise<void> {
    this.#closing ??= this.closeStore();
    return this.#closing;
  }

  /** Whether `close` was called. */
  protected get closed(): boolean {
    return this.#closing !== null;
  }

  /** The rejection of an `operation` that may not run now, or undefined when it may. */
  #refusal(operation: string): Promise<never> | undefined {
    if (this.#closing !== null) return Promise.reject(new Error(`store.${operation}: the store is closed`));
    // A nested write would interleave its undo log with the outer one; reads inside a writer would see
    // changes that may still be rolled back. The transaction is the writer's view.
    if (this.#inWriter) {
      return Promise.reject(new Error(`store.${operation} called inside a writer; use the transaction`));
    }
    return undefined;
  }

  /**
   * Runs `writer` in a transaction of its own on the memory state. Throws what the writer threw (or a
   * TypeError for a writer that returned a promise) having undone every change it made. With
   * `footprint`, the transaction notes what the writer read and changed (footprint.ts).
   */
  protected runWriter<T>(writer: (tx: Transaction) => T, footprint?: Footprint): AppliedWriter<T> {
    const tx = new StateTransaction(this.state, footprint);
    this.#inWriter = true;
    try {
      const result = writer(tx);
      if (isThenable(result)) {
        result.then(undefined, () => {}); // its outcome no longer matters; do not let it go unhandled
        throw new TypeError('store.write: the writer must be synchronous, but it returned a promise');
      }
      tx.commit();
      return { tx, result };
    } catch (error) {
      tx.rollback();
      throw error;
    } finally {
      this.#inWriter = false;
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
