/**
 * `flagplane-server copy-data --from <data file> --to <database URL>` (§22): a file store's whole state
 * (identities, token hashes, the cursor secret, events) into an empty PostgreSQL database, for a team that
 * outgrows one machine. The data file is opened as the server opens it (its lock included, so it is not
 * copied while a server writes it); the copy is one transaction, so it lands whole or not at all.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { shownDatabaseUrl } from './config.js';
import { openFileStore } from './store/file/file-store.js';
import { Database } from './store/postgres/database.js';
import { migrate } from './store/postgres/migrate.js';
import {
  announceReload,
  type CollectionCounts,
  insertState,
  isEmpty,
} from './store/postgres/postgres-copy.js';
import { takeWriteLock } from './store/postgres/postgres-state.js';
import { loadMigrations } from './store/postgres/schema.js';

/** A refusal people can act on: printed in one line. */
export class CopyDataError extends Error {
  override name = 'CopyDataError';
}

export async function copyData(from: string, to: string): Promise<CollectionCounts> {
  const path = resolve(from);
  // Opening a missing data file would create an empty one: refuse instead.
  if (!existsSync(path)) throw new CopyDataError(`no data file at ${path}`);
  const store = await openFileStore({ path });
  let data: ReturnType<typeof store.snapshot>;
  try {
    data = store.snapshot();
  } finally {
    await store.close();
  }
  const database = new Database({ url: to, poolSize: 1 });
  try {
    await migrate(database, loadMigrations());
    return await database.transaction(async (tx) => {
      await takeWriteLock(tx);
      if (!(await isEmpty(tx))) {
        throw new CopyDataError(
          `${shownDatabaseUrl(to)} already holds Flagplane data: copy-data fills only an empty database`,
        );
      }
      const counts = await insertState(tx, data);
      // Defensive: a server that started on this database wrote to it (its first-start Owner or its
      // identity file), so the copy refused above; should one follow it anyway, it loads the copy.
      await announceReload(tx);
      return counts;
    });
  } finally {
    await database.end();
  }
}

/** The counts as the command prints them: one line per collection. */
export function describeCounts(counts: CollectionCounts): string {
  const width = Math.max(...Object.keys(counts).map((name) => name.length));
  return Object.entries(counts)
    .map(([name, count]) => `  ${name.padEnd(width)}  ${count.toLocaleString('en-US')}`)
    .join('\n');
}
