/** The store's public surface: the interface features use, the records, and the two implementations. */

export type { FileStoreOptions } from './file-store.js';
export { openFileStore } from './file-store.js';
export { createMemoryStore } from './memory-store.js';
export * from './records.js';
export type { Store, StoreView, Transaction } from './store.js';
export { emptyStoreData } from './store-data.js';
export type { StoreLogger } from './store-logger.js';
