/**
 * The SQL of the PostgreSQL store, apart from the store's logic (postgres-store.ts): loading the whole
 * state, reading the changes made since a sequence number, and writing one batch's changes.
 */
import type { Sql, TransactionSql } from 'postgres';
import { type CollectionName, collectionNames, type StoreData } from '../records.js';
import { emptyStoreData } from '../store-data.js';
import type { ChangeOp, ChangeRow } from './change-rows.js';

/** The transaction-level advisory lock every write batch holds from its catch-up to its commit. */
export const writeLockKey = 0x666c6167_77726974n; // 'flagwrit'

/** Change rows kept for processes that are behind; one further behind loads everything again. */
export const keptChanges = 10_000;

type Query = Sql | TransactionSql;

/** Takes the write lock for the rest of `tx`: commits are numbered, and happen, one at a time. */
export async function takeWriteLock(tx: TransactionSql): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${writeLockKey.toString()}::bigint)`;
}

/** The changes committed after `seq`, oldest first, at most `limit` of them. */
export async function changesAfter(sql: Query, seq: number, limit: number): Promise<ChangeRow[]> {
  const rows = await sql<{ seq: string; ops: ChangeOp[] }[]>`
    SELECT seq::text AS seq, ops FROM flagplane_changes WHERE seq > ${seq} ORDER BY seq LIMIT ${limit}`;
  return rows.map((row) => ({ seq: Number(row.seq), ops: row.ops }));
}

/**
 * The whole state and the number of the last change it includes. Run under the write lock (or in a
 * snapshot), so the two agree.
 */
export async function loadState(tx: TransactionSql): Promise<{ data: StoreData; seq: number }> {
  const [last] = await tx<
    { seq: string }[]
  >`SELECT coalesce(max(seq), 0)::text AS seq FROM flagplane_changes`;
  const data = emptyStoreData();
  const [secret] = await tx<{ value: string }[]>`
    SELECT value FROM flagplane_meta WHERE name = 'cursor_secret'`;
  if (secret === undefined)
    throw new Error('the database has no cursor secret: it was not set up by this store');
  data.cursorSecret = secret.value;
  const tables = data as unknown as Record<CollectionName, Record<string, { id: string }>>;
  const records = await tx<{ collection: string; record: { id: string } }[]>`
    SELECT collection, record FROM flagplane_records`;
  for (const { collection, record } of records) {
    if (!collectionNames.includes(collection as CollectionName)) {
      throw new Error(`the database holds records of an unknown collection "${collection}"`);
    }
    tables[collection as CollectionName][record.id] = record;
  }
  const events = await tx<{ record: { id: string } }[]>`SELECT record FROM flagplane_events`;
  for (const { record } of events) tables.events[record.id] = record;
  return { data, seq: Number(last?.seq ?? 0) };
}

/**
 * Stores the cursor secret of a new database; keeps the one already there (another process set it up
 * first). Returns whether the database was new.
 */
export async function setUpCursorSecret(sql: Query, secret: string): Promise<boolean> {
  const inserted = await sql`
    INSERT INTO flagplane_meta (name, value) VALUES ('cursor_secret', ${secret})
    ON CONFLICT (name) DO NOTHING RETURNING name`;
  return inserted.length > 0;
}

/**
 * Writes one batch: the records and events it changed, and its change row numbered `seq`, in one
 * statement (one round trip; the ops travel once, as the change row's JSON, which the other parts read).
 */
export async function writeChanges(tx: TransactionSql, seq: number, ops: readonly ChangeOp[]): Promise<void> {
  const json = JSON.stringify(ops);
  await tx`
    WITH ops AS (
      SELECT * FROM json_to_recordset(${json}::text::json)
        AS o(collection text, id text, "parentId" text, key text, record json)
    ), record_writes AS (
      INSERT INTO flagplane_records (collection, id, parent_id, key, record)
      SELECT collection, id, coalesce("parentId", ''), key, record FROM ops
      WHERE record IS NOT NULL AND collection <> 'events'
      ON CONFLICT (collection, id) DO UPDATE
        SET parent_id = excluded.parent_id, key = excluded.key, record = excluded.record
    ), record_removals AS (
      DELETE FROM flagplane_records r USING ops
      WHERE ops.record IS NULL AND ops.collection <> 'events' AND r.collection = ops.collection AND r.id = ops.id
    ), event_writes AS (
      INSERT INTO flagplane_events (id, organization_id, project_id, flag_id, created_at, record)
      SELECT id, record->>'organizationId', record->'project'->>'id', record->'flag'->>'id',
        (record->>'createdAt')::timestamptz, record
      FROM ops WHERE collection = 'events' AND record IS NOT NULL
      ON CONFLICT (id) DO NOTHING
    ), event_removals AS (
      DELETE FROM flagplane_events e USING ops
      WHERE ops.collection = 'events' AND ops.record IS NULL AND e.id = ops.id
    )
    INSERT INTO flagplane_changes (seq, ops) VALUES (${seq}, ${json}::text::json)`;
  if (seq % 1000 === 0) await tx`DELETE FROM flagplane_changes WHERE seq <= ${seq - keptChanges}`;
}
