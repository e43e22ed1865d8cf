/**
 * The narrow interface features use to reach the data. Two stores implement it, on one core (this
 * folder: the memory state, its transactions, store-core.ts): the lowdb file store (`file/`), the embedded
 * default, and the PostgreSQL store (`postgres/`) for several processes; no feature knows which one it
 * runs on.
 */
import type { RateLimitState } from '../domain/rate-limit.js';
import type { EventFilter } from './event-filter.js';
import type { CollectionName, CollectionRecords, EventRecord, StoreData } from './records.js';

/** Read access to a consistent state (the committed state, or a transaction's own view). */
export interface StoreView {
  get<C extends CollectionName>(collection: C, id: string): CollectionRecords[C] | undefined;
  /** A record by its unique key within its parent (`parentId` null for top-level collections). */
  findByKey<C extends CollectionName>(
    collection: C,
    parentId: string | null,
    key: string,
  ): CollectionRecords[C] | undefined;
  /**
   * The children of one parent, in no particular order. The same frozen array comes back until a child
   * of that parent changes, so callers may cache what they derive from it (`derivedFromChildren`).
   */
  children<C extends CollectionName>(collection: C, parentId: string): readonly CollectionRecords[C][];
  /** Number of children of one parent, without materializing them. */
  countChildren(collection: CollectionName, parentId: string): number;
  all<C extends CollectionName>(collection: C): Iterable<CollectionRecords[C]>;
  /**
   * Increases whenever a child of `parentId` in `collection` is inserted, replaced or removed, so callers
   * can cache derived orderings (sorted pages) and know when they are stale.
   */
  childrenVersion(collection: CollectionName, parentId: string): number;
  readonly cursorSecret: string;
  /**
   * §19: up to `limit` events matching `filter`, newest first, older than the event `beforeId`. A
   * promise because most events are not in memory (cold-events.ts): a store reads them from its segment
   * files or its database. Which events it finds is decided as of the view's state when it is called.
   */
  eventPage(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]>;
  /** The ids of the oldest events created before `before` (an ISO date-time), up to `limit`: retention. */
  oldestEvents(before: string, limit: number): Promise<string[]>;
}

/** A write transaction: changes are visible to the transaction at once and undone if it throws. */
export interface Transaction extends StoreView {
  insert<C extends CollectionName>(collection: C, record: CollectionRecords[C]): void;
  /** Replaces the record with the same id (which must exist). */
  put<C extends CollectionName>(collection: C, record: CollectionRecords[C]): void;
  remove(collection: CollectionName, id: string): void;
  /**
   * Removes the events `ids` that still exist (retention: found by `oldestEvents` in an earlier read,
   * some may be gone since) and returns how many it removed. Events are removed only this way.
   */
  removeEvents(ids: readonly string[]): number;
}

export interface Store {
  /**
   * Runs `reader` synchronously on the current in-memory state, without waiting for durability. Only for
   * bookkeeping that answers nothing about the data itself (finding the principal behind a token).
   */
  peek<T>(reader: (view: StoreView) => T): T;
  /**
   * Runs `reader` on the current state. The answer resolves only once every write applied before the
   * read is durable, so nobody observes a write that a crash could still lose (§18).
   */
  read<T>(reader: (view: StoreView) => T): Promise<T>;
  /**
   * Whether `read` would answer at once: the store is open, and no write applied in memory waits to be
   * made durable (or for its batch's outcome, on PostgreSQL). While it is true, `peek` gives exactly what
   * `read` would, without a promise: the hot read paths answer in the tick their request arrived in.
   */
  readsAtOnce(): boolean;
  /**
   * Runs `writer` synchronously as one transaction. If it throws, every change it made is undone (even
   * in memory) and the promise rejects with that error. Otherwise the promise resolves once the change
   * is on disk; several writes may share one disk write (group commit).
   */
  write<T>(writer: (tx: Transaction) => T): Promise<T>;
  /** A deep copy of the whole state (for the mock's snapshots and for tests comparing before/after). */
  snapshot(): StoreData;
  /** Replaces the whole state (the mock's reset to its seed) and makes it durable. */
  replace(data: StoreData): Promise<void>;
  /** Flushes pending writes and releases the file and its lock. */
  close(): Promise<void>;
  /**
   * Calls `listener` after the state changed: this process's writes once applied (they are durable by
   * the time a read answers), and on a store several processes share, what the others committed, once
   * applied here (§24). Calls are coalesced (one may stand for many writes), never made inside a read or a
   * write, and may be spurious (a write undone): a listener re-reads what it cares about. Returns the
   * function that stops the calls.
   */
  onChange(listener: () => void): () => void;
  /**
   * Only a store several processes share (§22): resolves once this process has applied every write any
   * process committed before the call (the request gate below does the same for every request, so a
   * write acknowledged anywhere is seen by the next request everywhere). Absent on a store only this
   * process writes: there is nothing to wait for.
   */
  catchUp?(): Promise<void>;
  /**
   * Only a store several processes share: admits requests in one round trip each batch, applying what
   * other processes committed (as `catchUp`) and counting the request in the rate limit (§13) that all
   * of them share. The server then uses it instead of its own limiter.
   */
  createRequestGate?(limit: number, windowMs: number): RequestGate;
  /**
   * Only a store on a database: resolves once the database answered a trivial statement within
   * `timeoutMs`, rejects otherwise (`GET /readyz`). Absent where the store needs nothing outside this
   * process once it is open.
   */
  checkReady?(timeoutMs: number): Promise<void>;
  /** What `GET /metrics` shows about the store, read when scraped (operations/metrics.ts). */
  stats?(): StoreStats;
}

/** Gauges of a store, each absent where it does not apply. */
export interface StoreStats {
  /** Events the event log holds (§19). */
  readonly events?: number;
  /** The file store: bytes in the journal since the last compaction. */
  readonly journalBytes?: number;
  /** PostgreSQL: connections of this process's pool, by state, and requests waiting for one. */
  readonly pool?: { readonly total: number; readonly idle: number; readonly waiting: number };
}

export interface RequestGate {
  /** Resolves once the store has caught up, with where `callerKey` stands in its window at `now` (ms). */
  admit(callerKey: string, now: number): Promise<RateLimitState>;
  /** Forgets every count (the mock's reset). */
  reset(): void;
}
