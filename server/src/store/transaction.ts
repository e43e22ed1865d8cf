/**
 * A write transaction over the memory state. Changes apply at once (so the writer reads its own writes
 * through the same indexes as everyone else) and each one logs its inverse; `rollback` replays the log
 * backwards. Undoing costs as much as the changes did, instead of copying the document up front. It also
 * keeps its net changes per record, which is all a journal line needs to make it durable. Given a
 * footprint (footprint.ts), it also notes what the writer read and which parents it moved records out of.
 */
import { type ChangeSet, changeKey, type RecordChange } from './change-set.js';
import type { EventFilter } from './event-filter.js';
import type { Footprint } from './footprint.js';
import { type MemoryState, parentOf } from './memory-state.js';
import type { CollectionName, CollectionRecords, EventRecord } from './records.js';
import type { Transaction } from './store.js';

export class StateTransaction implements Transaction {
  readonly #state: MemoryState;
  readonly #footprint: Footprint | undefined;
  #undo: (() => void)[] = [];
  readonly #changes: ChangeSet = new Map();
  #open = true;

  constructor(state: MemoryState, footprint?: Footprint) {
    this.#state = state;
    this.#footprint = footprint;
  }

  /** Whether any change was made (a write without changes has nothing to make durable). */
  get changed(): boolean {
    return this.#undo.length > 0;
  }

  /** The last version of every record this transaction changed (null: removed), keyed by `changeKey`. */
  get changes(): ReadonlyMap<string, RecordChange> {
    return this.#changes;
  }

  get cursorSecret(): string {
    return this.#state.cursorSecret;
  }

  get<C extends CollectionName>(collection: C, id: string): CollectionRecords[C] | undefined {
    this.#footprint?.record(collection, id);
    return this.#state.get(collection, id);
  }

  findByKey<C extends CollectionName>(
    collection: C,
    parentId: string | null,
    key: string,
  ): CollectionRecords[C] | undefined {
    const found = this.#state.findByKey(collection, parentId, key);
    // A key not found depends on every record that could take it: the parent's children.
    if (found === undefined) this.#footprint?.scope(collection, parentId);
    else this.#footprint?.record(collection, found.id);
    return found;
  }

  children<C extends CollectionName>(collection: C, parentId: string): readonly CollectionRecords[C][] {
    this.#footprint?.scope(collection, parentId);
    return this.#state.children(collection, parentId);
  }

  countChildren(collection: CollectionName, parentId: string): number {
    this.#footprint?.scope(collection, parentId);
    return this.#state.countChildren(collection, parentId);
  }

  all<C extends CollectionName>(collection: C): Iterable<CollectionRecords[C]> {
    this.#footprint?.collection(collection);
    return this.#state.all(collection);
  }

  childrenVersion(collection: CollectionName, parentId: string): number {
    this.#footprint?.scope(collection, parentId);
    return this.#state.childrenVersion(collection, parentId);
  }

  eventPage(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]> {
    this.#footprint?.collection('events');
    return this.#state.eventPage(filter, beforeId, limit);
  }

  oldestEvents(before: string, limit: number): Promise<string[]> {
    this.#footprint?.collection('events');
    return this.#state.oldestEvents(before, limit);
  }

  insert<C extends CollectionName>(collection: C, record: CollectionRecords[C]): void {
    this.#checkOpen();
    const state = this.#state;
    const versions = state.saveVersions(collection, [parentOf(collection, record)]);
    this.#footprint?.inserted(collection, record);
    state.insertRecord(collection, record);
    this.#changes.set(changeKey(collection, record.id), { collection, id: record.id, record });
    this.#undo.push(() => {
      state.deleteRecord(collection, record.id);
      state.restoreVersions(versions);
    });
  }

  put<C extends CollectionName>(collection: C, record: CollectionRecords[C]): void {
    this.#checkOpen();
    const state = this.#state;
    const current = state.get(collection, record.id);
    this.#footprint?.replaced(collection, current, record);
    // Both parents: a put may move a record to another parent, which changes both children lists.
    const versions = state.saveVersions(collection, [
      current === undefined ? null : parentOf(collection, current),
      parentOf(collection, record),
    ]);
    const previous = state.replaceRecord(collection, record);
    this.#changes.set(changeKey(collection, record.id), { collection, id: record.id, record });
    this.#undo.push(() => {
      state.replaceRecord(collection, previous);
      state.restoreVersions(versions);
    });
  }

  remove(collection: CollectionName, id: string): void {
    this.#checkOpen();
    if (collection === 'events') {
      if (this.removeEvents([id]) === 0) throw new Error(`store: remove from "events" of missing id "${id}"`);
      return;
    }
    const state = this.#state;
    const current = state.get(collection, id);
    this.#footprint?.removed(collection, id, current);
    const versions = state.saveVersions(collection, [
      current === undefined ? null : parentOf(collection, current),
    ]);
    const previous = state.deleteRecord(collection, id);
    this.#changes.set(changeKey(collection, id), { collection, id, record: null });
    this.#undo.push(() => {
      state.insertRecord(collection, previous);
      state.restoreVersions(versions);
    });
  }

  removeEvents(ids: readonly string[]): number {
    this.#checkOpen();
    let removed = 0;
    for (const id of ids) {
      // In memory or cold (memory-state.ts): either way the change is a removal of the record.
      const undo = this.#state.removeEvent(id);
      if (undo === null) continue;
      this.#footprint?.record('events', id);
      this.#changes.set(changeKey('events', id), { collection: 'events', id, record: null });
      this.#undo.push(undo);
      removed++;
    }
    return removed;
  }

  /**
   * Undoes every change, newest first, and closes the transaction. Also after `commit`: the engine undoes
   * committed transactions whose disk write failed, newest transaction first, so each undo runs against
   * exactly the state its changes produced.
   */
  rollback(): void {
    const undo = this.#undo;
    this.#undo = [];
    this.#open = false;
    for (const step of undo.reverse()) step();
  }

  /** Keeps the changes and closes the transaction (the undo log stays, for `rollback` above). */
  commit(): void {
    this.#open = false;
  }

  /**
   * A writer that kept the transaction and uses it later (say after an `await`) would change the state
   * outside any transaction and outside any disk write; fail loudly instead.
   */
  #checkOpen(): void {
    if (!this.#open) throw new Error('store: this transaction has ended; write inside the writer function');
  }
}
