/**
 * A store with no disk behind it, for the mock server and for tests of features: the same transactions
 * and indexes as the file store, with writes durable as soon as they are applied.
 */
import { MemoryState } from './memory-state.js';
import type { StoreData } from './records.js';
import type { Store } from './store.js';
import { checkStoreData, emptyStoreData } from './store-data.js';
import { StoreEngine } from './store-engine.js';

/** A memory store starting from a copy of `initial` (the caller keeps its object), or from empty data. */
export function createMemoryStore(initial?: StoreData): Store {
  const data = initial === undefined ? emptyStoreData() : checkStoreData(structuredClone(initial));
  return new StoreEngine(new MemoryState(data), null);
}
