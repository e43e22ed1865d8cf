/**
 * The in-memory state: the `StoreData` document itself plus the indexes declared in `collectionIndexes`.
 * The document is mutated in place (records are replaced, never edited), so a write costs one index
 * update rather than a copy of the document; the transaction's undo log is what makes that safe.
 */
import type { ColdEvents } from './cold-events.js';
import { type EventFilter, mergeEventPages } from './event-filter.js';
import { EventIndex } from './event-index.js';
import { NestedMap } from './nested-map.js';
import {
  type CollectionName,
  type CollectionRecords,
  collectionIndexes,
  collectionNames,
  type EventRecord,
  type StoreData,
} from './records.js';
import type { StoreView } from './store.js';

/** Records seen without their collection type: the state only touches `id`, the parent and the key. */
type AnyRecord = { readonly id: string };
type Table = Record<string, AnyRecord>;

interface CollectionIndex {
  /** parent id → ids of its children (only for collections with a parent field) */
  readonly byParent: Map<string, Set<string>>;
  /** parent id (null for top-level records), then key → id (only for collections with a key field) */
  readonly byKey: NestedMap<string | null, string, string>;
}

/** A saved children-version entry, restored verbatim by a rollback (`undefined`: the entry was absent). */
export type SavedVersion = readonly [
  collection: CollectionName,
  parentId: string,
  version: number | undefined,
];

function field(record: AnyRecord, name: string | null): unknown {
  return name === null ? undefined : (record as unknown as Record<string, unknown>)[name];
}

/** The parent id of a record, or null for top-level collections (and records lacking one). */
export function parentOf(collection: CollectionName, record: AnyRecord): string | null {
  const value = field(record, collectionIndexes[collection].parent);
  return typeof value === 'string' ? value : null;
}

/** The key of a record within its parent, or null when its collection has no key (or it is not a string). */
export function keyOf(collection: CollectionName, record: AnyRecord): string | null {
  const value = field(record, collectionIndexes[collection].key);
  return typeof value === 'string' ? value : null;
}

export class MemoryState implements StoreView {
  #data!: StoreData;
  #indexes!: Record<CollectionName, CollectionIndex>;
  /**
   * Children versions are drawn from one clock that only moves forward, never from a per-parent counter:
   * a rollback restores an old version, and a per-parent counter would then hand the same number out
   * again for different content, so a cache filled inside the rolled-back transaction would look fresh.
   */
  #clock = 0;
  /** Version of every (collection, parent) slot without an entry; raised by `load`, which rebuilds all. */
  #floor = 0;
  #versions = new NestedMap<CollectionName, string, number>();
  /** `children()` arrays, kept until a child of that parent changes (it is called on hot paths). */
  #childrenCache = new NestedMap<CollectionName, string, readonly AnyRecord[]>();
  /**
   * The `events` collection's own index (event-index.ts). With `#cold`, the collection holds only the
   * events not kept there yet (recent writes); `evictEvents` drops them once they are.
   */
  #events = new EventIndex();
  /** Where the store keeps the events that are not in memory (cold-events.ts); null: all are here. */
  readonly #cold: ColdEvents | null;

  constructor(data: StoreData, cold: ColdEvents | null = null) {
    this.#cold = cold;
    this.load(data);
  }

  /** The live document (not a copy): what gets serialized to disk. */
  get data(): StoreData {
    return this.#data;
  }

  get cursorSecret(): string {
    return this.#data.cursorSecret;
  }

  /**
   * Makes `data` the state (taking ownership of it) and rebuilds every index. Throws, leaving the previous
   * state untouched, if two records of one parent share a key.
   */
  load(data: StoreData): void {
    const indexes = {} as Record<CollectionName, CollectionIndex>;
    for (const collection of collectionNames) {
      const index: CollectionIndex = { byParent: new Map(), byKey: new NestedMap() };
      for (const record of Object.values(data[collection] as Table)) {
        const key = keyOf(collection, record);
        const parentId = parentOf(collection, record);
        if (key !== null) {
          const other = index.byKey.get(parentId, key);
          if (other !== undefined) {
            throw new Error(`collection "${collection}": records "${other}" and "${record.id}" share a key`);
          }
          index.byKey.set(parentId, key, record.id);
        }
        addChild(index, parentId, record.id);
      }
      indexes[collection] = index;
    }
    const events = new EventIndex();
    for (const event of Object.values(data.events)) events.add(event);
    this.#data = data;
    this.#indexes = indexes;
    this.#events = events;
    this.#floor = ++this.#clock;
    this.#versions.clear();
    this.#childrenCache.clear();
    this.#cold?.changed?.();
  }

  get<C extends CollectionName>(collection: C, id: string): CollectionRecords[C] | undefined {
    return this.#table(collection)[id] as CollectionRecords[C] | undefined;
  }

  findByKey<C extends CollectionName>(
    collection: C,
    parentId: string | null,
    key: string,
  ): CollectionRecords[C] | undefined {
    const id = this.#indexes[collection].byKey.get(parentId, key);
    return id === undefined ? undefined : this.get(collection, id);
  }

  children<C extends CollectionName>(collection: C, parentId: string): readonly CollectionRecords[C][] {
    let cached = this.#childrenCache.get(collection, parentId);
    if (cached === undefined) {
      const table = this.#table(collection);
      const ids = this.#indexes[collection].byParent.get(parentId);
      // Frozen because the same array is handed to every caller until the next change.
      // The index holds only ids present in the table (both change together).
      cached = Object.freeze(ids === undefined ? [] : Array.from(ids, (id) => table[id] as AnyRecord));
      this.#childrenCache.set(collection, parentId, cached);
    }
    return cached as readonly CollectionRecords[C][];
  }

  countChildren(collection: CollectionName, parentId: string): number {
    return this.#indexes[collection].byParent.get(parentId)?.size ?? 0;
  }

  all<C extends CollectionName>(collection: C): Iterable<CollectionRecords[C]> {
    return Object.values(this.#table(collection)) as CollectionRecords[C][];
  }

  childrenVersion(collection: CollectionName, parentId: string): number {
    return this.#versions.get(collection, parentId) ?? this.#floor;
  }

  /** How many events this process holds in memory (`GET /metrics`): the store keeps the rest where it writes them. */
  eventCount(): number {
    return this.#events.size;
  }

  eventPage(filter: EventFilter, beforeId: string | null, limit: number): Promise<EventRecord[]> {
    let hot: EventRecord[];
    try {
      hot = this.#events.page(filter, beforeId, limit);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#cold === null) return Promise.resolve(hot);
    // Both are decided now; the memory's events are newer than most of the cold ones, not all (a clock
    // set back), so the two pages are merged by id.
    return this.#cold.page(filter, beforeId, limit).then((cold) => mergeEventPages([hot, cold], limit));
  }

  oldestEvents(before: string, limit: number): Promise<string[]> {
    const hot = this.#events.oldest(before, limit);
    if (this.#cold === null) return Promise.resolve(hot);
    return this.#cold.oldest(before, limit).then((cold) => [...cold, ...hot].slice(0, limit));
  }

  /**
   * Removes the event `id`, in memory or cold. Returns how to put it back, or null when there is no
   * such event (any more).
   */
  removeEvent(id: string): (() => void) | null {
    if (Object.hasOwn(this.#data.events, id)) {
      const previous = this.deleteRecord('events', id);
      return () => this.insertRecord('events', previous);
    }
    const cold = this.#cold;
    if (cold === null || !cold.remove(id)) return null;
    return () => cold.restore(id);
  }

  /**
   * The events `ids` are kept cold now: memory drops those it still holds. Returns the others (removed
   * since they were handed over: the cold side must not show them either).
   */
  evictEvents(ids: Iterable<string>): string[] {
    const table = this.#data.events as Table;
    const absent: string[] = [];
    for (const id of ids) {
      const event = table[id] as EventRecord | undefined;
      if (event === undefined) {
        absent.push(id);
        continue;
      }
      Reflect.deleteProperty(table, id);
      this.#events.remove(event);
    }
    return absent;
  }

  /** The cold events, read whole (`snapshot()` only: tests and the mock). */
  coldEventsNow(): EventRecord[] {
    return this.#cold?.all?.() ?? [];
  }

  /** Events changed where the store keeps them, without passing through this memory (cold-events.ts). */
  coldEventsChanged(): void {
    this.#cold?.changed?.();
  }

  /** Takes every cold event out (before a `replace` loads a whole new state); returns the undo. */
  clearColdEvents(): () => void {
    return this.#cold?.clear() ?? (() => {});
  }

  // ---- primitive changes, used by the transaction (which checks nothing the primitives check) ----

  /** Adds a record. Throws, changing nothing, if the id exists or the key is taken in its parent. */
  insertRecord(collection: CollectionName, record: AnyRecord): void {
    const table = this.#table(collection);
    if (Object.hasOwn(table, record.id)) {
      throw new Error(`store: insert into "${collection}" of existing id "${record.id}"`);
    }
    this.#checkKeyFree(collection, record);
    table[record.id] = record;
    this.#index(collection, record);
    if (collection === 'events') this.#events.add(record as EventRecord);
  }

  /** Replaces the record with the same id and returns the old one. Throws, changing nothing, if missing. */
  replaceRecord(collection: CollectionName, record: AnyRecord): AnyRecord {
    const table = this.#table(collection);
    const previous = table[record.id];
    if (previous === undefined) {
      throw new Error(`store: put into "${collection}" of missing id "${record.id}"`);
    }
    if (collection === 'events') throw new Error('store: events are never changed, only added and removed');
    this.#checkKeyFree(collection, record);
    this.#unindex(collection, previous);
    table[record.id] = record;
    this.#index(collection, record);
    return previous;
  }

  /** Removes a record and returns it. Throws, changing nothing, if missing. */
  deleteRecord(collection: CollectionName, id: string): AnyRecord {
    const table = this.#table(collection);
    const previous = table[id];
    if (previous === undefined) throw new Error(`store: remove from "${collection}" of missing id "${id}"`);
    this.#unindex(collection, previous);
    Reflect.deleteProperty(table, id);
    if (collection === 'events') this.#events.remove(previous as EventRecord);
    return previous;
  }

  /** The version entries of the given parents, as a rollback must put them back. */
  saveVersions(collection: CollectionName, parentIds: readonly (string | null)[]): SavedVersion[] {
    const saved: SavedVersion[] = [];
    for (const parentId of parentIds) {
      if (parentId === null) continue;
      saved.push([collection, parentId, this.#versions.get(collection, parentId)]);
    }
    return saved;
  }

  restoreVersions(saved: readonly SavedVersion[]): void {
    for (const [collection, parentId, version] of saved) {
      if (version === undefined) this.#versions.delete(collection, parentId);
      else this.#versions.set(collection, parentId, version);
    }
  }

  #table(collection: CollectionName): Table {
    return this.#data[collection] as Table;
  }

  /** A key may be reused only by the record that holds it (a put keeping its key). */
  #checkKeyFree(collection: CollectionName, record: AnyRecord): void {
    const key = keyOf(collection, record);
    if (key === null) return;
    const holder = this.#indexes[collection].byKey.get(parentOf(collection, record), key);
    if (holder !== undefined && holder !== record.id) {
      throw new Error(`store: "${collection}" record "${record.id}" takes the key of record "${holder}"`);
    }
  }

  #index(collection: CollectionName, record: AnyRecord): void {
    const index = this.#indexes[collection];
    const key = keyOf(collection, record);
    const parentId = parentOf(collection, record);
    if (key !== null) index.byKey.set(parentId, key, record.id);
    addChild(index, parentId, record.id);
    this.#touch(collection, parentId);
  }

  #unindex(collection: CollectionName, record: AnyRecord): void {
    const index = this.#indexes[collection];
    const key = keyOf(collection, record);
    const parentId = parentOf(collection, record);
    // A record that moved on may have left its key to another.
    if (key !== null && index.byKey.get(parentId, key) === record.id) index.byKey.delete(parentId, key);
    if (parentId !== null) {
      const siblings = index.byParent.get(parentId);
      siblings?.delete(record.id);
      // Dropping empty sets keeps the index from growing with every parent that ever existed.
      if (siblings?.size === 0) index.byParent.delete(parentId);
    }
    this.#touch(collection, parentId);
  }

  #touch(collection: CollectionName, parentId: string | null): void {
    if (parentId === null) return;
    this.#versions.set(collection, parentId, ++this.#clock);
    this.#childrenCache.delete(collection, parentId);
  }
}

function addChild(index: CollectionIndex, parentId: string | null, id: string): void {
  if (parentId === null) return;
  let ids = index.byParent.get(parentId);
  if (ids === undefined) {
    ids = new Set();
    index.byParent.set(parentId, ids);
  }
  ids.add(id);
}
