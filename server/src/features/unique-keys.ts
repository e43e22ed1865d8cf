/**
 * §2: keys of projects, environments, flags and segments are unique in their parent. A second one is
 * `409 conflict`, with `next_actions` pointing at the resource that holds the key.
 */
import { conflict } from '../domain/api-error.js';
import type { CollectionRecords } from '../store/records.js';
import type { StoreView } from '../store/store.js';

type KeyedCollection = 'projects' | 'environments' | 'flags' | 'segments';

export interface KeyConflict<Existing> {
  readonly message: string;
  /** The API path of the resource that already holds the key. */
  readonly pathOf: (existing: Existing) => string;
}

export function refuseTakenKey<C extends KeyedCollection>(
  store: Pick<StoreView, 'findByKey'>,
  collection: C,
  parentId: string,
  key: string,
  refusal: KeyConflict<CollectionRecords[C]>,
): void {
  const existing = store.findByKey(collection, parentId, key);
  if (existing) throw conflict(refusal.message, refusal.pathOf(existing));
}
