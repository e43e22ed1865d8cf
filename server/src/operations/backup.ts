/**
 * A backup of a file store: the state of one moment, written by the file store's own code into a new data
 * file (and the event segments beside it, `<backup>.events-<n>.jsonl`), so `FLAGPLANE_DATA=<backup>`
 * starts from it like from any data file: identities, token hashes, the cursor secret, events, everything.
 *
 * The moment: the store's state is copied synchronously (between two writes: nothing half-applied), and
 * the copy is used once every write it holds is durable. Should that disk write fail, those writes are
 * undone, and the copy is taken again from what is durable. So a backup holds every write acknowledged
 * before it began and never one that was not acknowledged.
 */
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openFileStore } from '../store/file/file-store.js';
import { type CollectionName, collectionNames, type StoreData } from '../store/records.js';
import type { Store } from '../store/store.js';

/** A refusal people can act on: printed in one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupCounts = Record<CollectionName, number>;

/** The state of `store` now, durable: what a backup holds. */
export function durableSnapshot(store: Store): Promise<StoreData> {
  return store.read(() => store.snapshot());
}

/** Writes `data` as a new data file at `target` (absolute), refusing to overwrite anything. */
export async function writeBackup(data: StoreData, target: string): Promise<BackupCounts> {
  const existing = await filesOf(target);
  if (existing.length > 0) {
    throw new BackupError(
      `${join(dirname(target), existing[0] as string)} already exists: a backup never overwrites a file; choose a new name`,
    );
  }
  try {
    const backup = await openFileStore({ path: target });
    try {
      await backup.replace(data);
    } finally {
      await backup.close();
    }
  } catch (error) {
    // Nothing half-written is left to be mistaken for a backup.
    for (const file of await filesOf(target)) await rm(join(dirname(target), file), { force: true });
    throw error;
  }
  return countsOf(data);
}

export function countsOf(data: StoreData): BackupCounts {
  const counts = {} as BackupCounts;
  for (const collection of collectionNames) counts[collection] = Object.keys(data[collection]).length;
  return counts;
}

/** The data file at `path` and every file of its store beside it (journal, lock, event segments). */
async function filesOf(path: string): Promise<string[]> {
  const name = basename(path);
  let files: string[];
  try {
    files = await readdir(dirname(path));
  } catch {
    return [];
  }
  return files.filter((file) => file === name || file.startsWith(`${name}.`));
}
