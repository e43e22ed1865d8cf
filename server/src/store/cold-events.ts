/**
 * The events a store keeps outside memory (§19): the file store's event segments, read through their
 * index (file/disk-events.ts), or PostgreSQL's table (postgres/postgres-events.ts). The memory state
 * keeps only the events not yet there (the writes since the last segment, the batch being committed)
 * and asks this for the rest; a page is the two merged (memory-state.ts).
 */
import type { EventFilter } from './event-filter.js';
import type { EventRecord } from './records.js';

export interface ColdEvents {
  /**
   * Up to `limit` events matching `filter`, newest first, older than the event `beforeId`, leaving out
   * those `remove` took out. What it answers is decided when it is called (the promise only carries it),
   * so it agrees with the memory state at that moment.
   */
  page(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]>;
  /** The ids of events created before `before` (an ISO date-time), oldest first, up to `limit`. */
  oldest(before: string, limit: number): Promise<string[]>;
  /**
   * A transaction removes the event `id` (retention): pages no longer show it. False when this holds
   * no such event (or it was removed already), and nothing changed.
   */
  remove(id: string): boolean;
  /** Undoes `remove(id)` (the transaction that removed it was rolled back). */
  restore(id: string): void;
  /** Takes every event out (a `replace` of the whole state); returns how to put them back. */
  clear(): () => void;
  /** Every event, read synchronously, if the store can (`snapshot()`, for tests and the mock). */
  all?(): EventRecord[];
  /**
   * The store learnt that events were added or removed where it keeps them (its own commit, another
   * process's, a reload): whatever it remembered of earlier pages is out of date.
   */
  changed?(): void;
}
