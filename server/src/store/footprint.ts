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
import type { CollectionName } from './records.js';

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

  /** Keeps the first: the parent the record had when the batch began is the one others may have read. */
  formerParent(changeKey: string, parentId: string | null): void {
    if (!this.formerParents.has(changeKey)) this.formerParents.set(changeKey, parentId);
  }
}
