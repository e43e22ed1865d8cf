/**
 * What a write transaction depended on, and which parents it moved records out of, for a store whose
 * processes commit one after the other without taking turns (the PostgreSQL store, batch-committer.ts):
 * a batch commits after changes of other processes it had not seen only when none of those touched its
 * footprint, so its writers would have done exactly the same on top of them.
 *
 * The footprint is a set of text keys, and a change's "touches" (change-rows.ts) are written alike, so
 * the database only asks whether two arrays overlap (flagplane_commit_batch):
 * - `r:collection:id`: a record read or written by id (found or not: a change inserting or removing that
 *   id touches it), or found by key;
 * - `s:collection:parentId`: the children of a parent looked at (a list, a count, a version, a key not
 *   found; '' for top-level records): any record of that collection under that parent, added, changed,
 *   moved or removed, touches it;
 * - `c:collection`: a collection read whole (`all`, the event log): any change of it touches it.
 * - `k:collection:parentId:key`: a key checked free when a record took it (insert, or a put that
 *   changed its key or parent): a change of another process whose record holds that key touches it, so
 *   the batch runs again and its writer meets the key (409) instead of the database's unique constraint.
 *
 * Collection names and ids have no colon, so every colon up to the last part is a separator.
 */
import { changeKey } from './change-set.js';
import { keyOf, parentOf } from './memory-state.js';
import type { CollectionName } from './records.js';

type AnyRecord = { readonly id: string };

export const recordKey = (collection: string, id: string) => `r:${collection}:${id}`;
export const scopeKey = (collection: string, parentId: string | null) => `s:${collection}:${parentId ?? ''}`;
export const collectionKey = (collection: string) => `c:${collection}`;
export const takenKey = (collection: string, parentId: string | null, key: string) =>
  `k:${collection}:${parentId ?? ''}:${key}`;

export class Footprint {
  readonly keys = new Set<string>();
  /** changeKey (change-set.ts) → the parent before the first change of the record here (null: top-level). */
  readonly formerParents = new Map<string, string | null>();

  record(collection: CollectionName, id: string): void {
    this.keys.add(recordKey(collection, id));
  }

  scope(collection: CollectionName, parentId: string | null): void {
    this.keys.add(scopeKey(collection, parentId));
  }

  collection(collection: CollectionName): void {
    this.keys.add(collectionKey(collection));
  }

  takesKey(collection: CollectionName, parentId: string | null, key: string): void {
    this.keys.add(takenKey(collection, parentId, key));
  }

  /** `record` was inserted: its id, and its key, checked free. */
  inserted(collection: CollectionName, record: AnyRecord): void {
    this.record(collection, record.id);
    const key = keyOf(collection, record);
    if (key !== null) this.takesKey(collection, parentOf(collection, record), key);
  }

  /** `current` (if any) was replaced by `record`: a key checked free only when it took another. */
  replaced(collection: CollectionName, current: AnyRecord | undefined, record: AnyRecord): void {
    this.record(collection, record.id);
    if (current === undefined) return;
    const before = parentOf(collection, current);
    const after = parentOf(collection, record);
    if (before !== after) this.#formerParent(collection, record.id, before);
    const key = keyOf(collection, record);
    if (key !== null && (before !== after || key !== keyOf(collection, current)))
      this.takesKey(collection, after, key);
  }

  /** The record `id` (`current`, if it existed) was removed. */
  removed(collection: CollectionName, id: string, current: AnyRecord | undefined): void {
    this.record(collection, id);
    if (current !== undefined) this.#formerParent(collection, id, parentOf(collection, current));
  }

  /** Keeps the first: the parent the record had when the batch began is the one others may have read. */
  #formerParent(collection: CollectionName, id: string, parentId: string | null): void {
    const key = changeKey(collection, id);
    if (!this.formerParents.has(key)) this.formerParents.set(key, parentId);
  }
}
