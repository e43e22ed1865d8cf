/**
 * The whole-document shape checks. Both the file store (a file written by anyone) and `replace`/
 * `createMemoryStore` (a seed built by code) go through `checkStoreData`, so a bad document is refused
 * with a precise message before any index is built on it, instead of failing later in a feature.
 */
import { randomBytes } from 'node:crypto';
import { type CollectionName, collectionNames, STORE_SCHEMA_VERSION, type StoreData } from './records.js';

/** A fresh, empty document. The cursor secret is made here once and then lives with the data file. */
export function emptyStoreData(): StoreData {
  const data: Record<string, unknown> = {
    schemaVersion: STORE_SCHEMA_VERSION,
    cursorSecret: randomBytes(32).toString('base64url'),
  };
  for (const name of collectionNames) data[name] = {};
  return data as StoreData;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that `value` is a document this version of the store can serve and returns it typed. Throws an
 * Error naming the problem (the caller prefixes the source, e.g. the file path). Records are checked only
 * as far as the store itself relies on them (an object whose `id` is its key in the collection); their
 * other fields are the features' business.
 */
export function checkStoreData(value: unknown): StoreData {
  if (!isPlainObject(value)) throw new Error('the document is not a JSON object');
  upgrade(value);
  if (value.schemaVersion !== STORE_SCHEMA_VERSION) {
    throw new Error(
      `schemaVersion is ${JSON.stringify(value.schemaVersion)}, this server reads schemaVersion ${STORE_SCHEMA_VERSION}`,
    );
  }
  if (typeof value.cursorSecret !== 'string' || value.cursorSecret === '') {
    throw new Error('cursorSecret is missing or not a non-empty string');
  }
  for (const name of collectionNames) checkCollection(name, value[name]);
  return value as StoreData;
}

function checkCollection(name: CollectionName, table: unknown): void {
  if (!isPlainObject(table)) throw new Error(`collection "${name}" is missing or not an object`);
  for (const [id, record] of Object.entries(table)) {
    if (!isPlainObject(record) || record.id !== id) {
      throw new Error(`collection "${name}" has an entry "${id}" that is not a record with that id`);
    }
  }
}

/**
 * Brings an older document to this version in place: version 1 had no event log (§19), so it starts
 * empty. A newer version than this server knows is left as it is, and refused by the check.
 */
function upgrade(document: Record<string, unknown>): void {
  if (document.schemaVersion === 1) {
    document.events ??= {};
    document.schemaVersion = 2;
  }
}
