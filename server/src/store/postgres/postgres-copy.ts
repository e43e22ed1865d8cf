/**
 * A whole state written into PostgreSQL at once: `copy-data` (a file store moving to a database, §22)
 * and `replace` (the mock's reset). Records go in chunks, each one statement.
 */
import type { ChangeSet } from '../change-set.js';
import { changeKey } from '../change-set.js';
import { type CollectionName, collectionNames, type StoreData } from '../records.js';
import { changeOps } from './change-rows.js';
import { type Queryable, wholeStateWaitMs } from './database.js';

/** Records per statement: large enough to be quick, small enough to keep each statement's JSON modest. */
const chunkSize = 2000;

/** A change row meaning "everything changed": processes that read it load the whole state again. */
export const reloadEverything = [{ collection: '*', id: '*', parentId: null, key: null, record: null }];

export type CollectionCounts = Record<CollectionName, number>;

/** Inserts every record of `data` (the tables must be empty of them) and returns how many per collection. */
export async function insertState(tx: Queryable, data: StoreData): Promise<CollectionCounts> {
  const counts = {} as CollectionCounts;
  for (const collection of collectionNames) {
    const records = Object.values(data[collection] as Record<string, { id: string }>);
    counts[collection] = records.length;
    for (let start = 0; start < records.length; start += chunkSize) {
      const changes: ChangeSet = new Map();
      for (const record of records.slice(start, start + chunkSize)) {
        changes.set(changeKey(collection, record.id), { collection, id: record.id, record });
      }
      // Records inserted, none moved or removed: no former parents.
      const json = JSON.stringify(changeOps(changes, new Map()));
      if (collection === 'events') {
        await tx.query(
          `INSERT INTO flagplane_events (id, organization_id, project_id, flag_id, created_at, record)
          SELECT id, record->>'organizationId', record->'project'->>'id', record->'flag'->>'id',
            (record->>'createdAt')::timestamptz, record
          FROM json_to_recordset($1::json) AS o(id text, record json)`,
          [json],
          { answerWaitMs: wholeStateWaitMs },
        );
      } else {
        await tx.query(
          `INSERT INTO flagplane_records (collection, id, parent_id, key, record)
          SELECT collection, id, coalesce("parentId", ''), key, record
          FROM json_to_recordset($1::json) AS o(collection text, id text, "parentId" text, key text, record json)`,
          [json],
          { answerWaitMs: wholeStateWaitMs },
        );
      }
    }
  }
  await tx.query(
    `INSERT INTO flagplane_meta (name, value) VALUES ('cursor_secret', $1)
    ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    [data.cursorSecret],
  );
  return counts;
}

/** Replaces every record with `data`'s and tells every process to load it (under the write lock). */
export async function replaceAll(tx: Queryable, data: StoreData): Promise<void> {
  await tx.query('DELETE FROM flagplane_records', [], { answerWaitMs: wholeStateWaitMs });
  await tx.query('DELETE FROM flagplane_events', [], { answerWaitMs: wholeStateWaitMs });
  await insertState(tx, data);
  await announceReload(tx);
}

/** The next change row says "everything changed": every process loads the whole state again. */
export async function announceReload(tx: Queryable): Promise<void> {
  await tx.query(
    'INSERT INTO flagplane_changes (seq, ops) SELECT coalesce(max(seq), 0) + 1, $1::json FROM flagplane_changes',
    [JSON.stringify(reloadEverything)],
  );
}

/** Whether the database holds no record and no event yet (copy-data refuses any other). */
export async function isEmpty(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM flagplane_records) OR EXISTS (SELECT 1 FROM flagplane_events) AS used',
  );
  return row?.used === false;
}
