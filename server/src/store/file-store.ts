/**
 * The embedded default store: the whole document in memory, made durable in one JSON file through lowdb
 * and our own adapter (see durable-json-file.ts), with a lock file so only one process serves the file.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-json-file.js';
import { acquireFileLock } from './file-lock.js';
import { MemoryState } from './memory-state.js';
import type { StoreData } from './records.js';
import type { Store } from './store.js';
import { emptyStoreData } from './store-data.js';
import { StoreEngine } from './store-engine.js';
import type { StoreLogger } from './store-logger.js';

export interface FileStoreOptions {
  /** The data file; it and its directory are created if missing. */
  readonly path: string;
  readonly logger?: StoreLogger;
}

/**
 * Opens the data file, taking its lock first (so nobody else writes it while we read it). A missing file
 * is created with empty data; a file that is not a usable data file is refused and never overwritten.
 */
export async function openFileStore(options: FileStoreOptions): Promise<Store> {
  const path = resolve(options.path);
  const { logger } = options;
  await mkdir(dirname(path), { recursive: true });
  const lock = await acquireFileLock(path, logger);
  try {
    const adapter = new DurableJsonFile(path);
    const fresh = emptyStoreData();
    const db = new Low<StoreData>(adapter, fresh);
    await db.read(); // keeps `fresh` when the file does not exist, throws when it is unusable
    let state: MemoryState;
    try {
      state = new MemoryState(db.data);
    } catch (error) {
      throw new Error(
        `the data file ${path} cannot be used: ${(error as Error).message}; it was left untouched`,
      );
    }
    if (db.data === fresh) {
      await db.write();
      logger?.info({ path }, 'store: created a new data file');
    }
    await adapter.removeLeftoverDrafts();
    return new StoreEngine(
      state,
      {
        write: (data) => {
          db.data = data; // `replace` swaps the document object; lowdb writes whatever it holds
          return db.write(); // calls the adapter synchronously, which serializes before awaiting
        },
        readDurable: () => adapter.readDurable(),
        close: () => lock.release(),
      },
      logger,
    );
  } catch (error) {
    await lock.release();
    throw error;
  }
}
