/**
 * The SQL of the PostgreSQL store, apart from the store's logic (postgres-store.ts): loading the whole
 * state but for the event log (postgres-events.ts), reading the changes made since a sequence number, and writing one batch's changes.
 */

import { randomBytes } from 'node:crypto';
import type { Footprint } from '../footprint.js';
import { type CollectionName, collectionNames, type StoreData } from '../records.js';
import { emptyStoreData } from '../store-data.js';
import { type ChangeOp, type ChangeRow, changeTouches, type LogPosition, opsJson } from './change-rows.js';
import {
  type Database,
  literal,
  type PreparedStatement,
  type Queryable,
  wholeStateWaitMs,
} from './database.js';

/** The transaction-level advisory lock every write batch holds from its catch-up to its commit. */
export const writeLockKey = 0x666c6167_77726974n; // 'flagwrit'

/** Takes the write lock for the rest of `tx`: commits are numbered, and happen, one at a time. */
export async function takeWriteLock(tx: Queryable): Promise<void> {
  await tx.query(takeWriteLockSql);
}

const takeWriteLockSql = `SELECT pg_advisory_xact_lock(${writeLockKey}::bigint)`;

/**
 * What a write batch sends with its BEGIN: the write lock, then the changes committed after `seq` (which
 * it applies before running its writers). No parameters: it goes in the same round trip.
 */
export function lockAndReadChangesSql(seq: number, limit: number): string {
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(limit))
    throw new Error('seq and limit are integers');
  return `${takeWriteLockSql}; SELECT c.seq::text AS seq, c.token, c.ops FROM flagplane_changes c WHERE c.seq > ${seq} ORDER BY c.seq LIMIT ${limit}`;
}

/** Change rows as they come back from a query (`seq` as text). */
export function toChangeRows(rows: readonly Record<string, unknown>[]): ChangeRow[] {
  return rows.map((row) => ({ seq: Number(row.seq), token: String(row.token), ops: row.ops as ChangeOp[] }));
}

/** The changes committed after `seq`, oldest first, at most `limit` of them. */
export async function changesAfter(db: Queryable, seq: number, limit: number): Promise<ChangeRow[]> {
  const rows = await db.query<{ seq: string; token: string; ops: ChangeOp[] }>(
    'SELECT c.seq::text AS seq, c.token, c.ops FROM flagplane_changes c WHERE c.seq > $1 ORDER BY c.seq LIMIT $2',
    [seq, limit],
  );
  return toChangeRows(rows);
}

/**
 * The whole state and the number of the last change it includes. Run under the write lock (or in one
 * snapshot), so the two agree.
 */
export async function loadState(tx: Queryable): Promise<{ data: StoreData; position: LogPosition }> {
  const position = await lastChange(tx);
  const data = emptyStoreData();
  const [secret] = await tx.query<{ value: string }>(
    "SELECT value FROM flagplane_meta WHERE name = 'cursor_secret'",
  );
  if (secret === undefined)
    throw new Error('the database has no cursor secret: it was not set up by this store');
  data.cursorSecret = secret.value;
  const tables = data as unknown as Record<CollectionName, Record<string, { id: string }>>;
  const records = await tx.query<{ collection: string; record: { id: string } }>(
    'SELECT collection, record FROM flagplane_records',
    [],
    { answerWaitMs: wholeStateWaitMs },
  );
  for (const { collection, record } of records) {
    if (!collectionNames.includes(collection as CollectionName)) {
      throw new Error(`the database holds records of an unknown collection "${collection}"`);
    }
    tables[collection as CollectionName][record.id] = record;
  }
  // The event log stays in the database: it is read a page at a time (postgres-events.ts).
  return { data, position };
}

/** Stores the cursor secret of a new database; keeps the one already there (another process set it up). */
export async function setUpCursorSecret(db: Queryable, secret: string): Promise<void> {
  await db.query(
    "INSERT INTO flagplane_meta (name, value) VALUES ('cursor_secret', $1) ON CONFLICT (name) DO NOTHING",
    [secret],
  );
}

/**
 * The function that commits a write batch (sql/migrations/005-events-named-in-change-rows.sql, the latest
 * of it), as a prepared statement.
 */
const commitBatchStatement: PreparedStatement = {
  name: 'flagplane_commit_batch_after',
  text: 'SELECT flagplane_commit_batch($1, $2, $3::json, $4, false, $5::text[], $6::text[], $7::json) AS committed',
};

/** A random name for a change row (see flagplane_changes.token). */
export const newChangeToken = (): string => randomBytes(12).toString('base64url');

/** A batch committed in one round trip: its number, and the changes before it that this process missed. */
export interface CommittedAfter {
  readonly seq: number;
  readonly missed: ChangeRow[];
}

/**
 * Commits a batch in one round trip (its own transaction), under the write lock: after `after` (the last
 * change this process applied), or after changes it missed that touch nothing of `footprint`. Null when
 * another process's change does, or the missed changes are too many or no longer kept: nothing written.
 */
export async function commitBatch(
  db: Database,
  after: LogPosition,
  ops: readonly ChangeOp[],
  token: string,
  footprint: Footprint,
): Promise<CommittedAfter | null> {
  const json = opsJson(ops);
  const [row] = await db.execute<{ committed: { seq: number; missed: Record<string, unknown>[] } | null }>(
    commitBatchStatement,
    [after.seq, after.token, json.written, token, changeTouches(ops), [...footprint.keys], json.logged],
  );
  const committed = row?.committed ?? null;
  return committed === null ? null : { seq: Number(committed.seq), missed: toChangeRows(committed.missed) };
}

/**
 * The same, as SQL text for a transaction that already holds the lock and has caught up: without
 * parameters, so that its COMMIT goes in the same round trip (`commitAfter`). Strict: should the last
 * change not be `after` even so, it raises `databaseBehind` rather than write nothing.
 */
export function commitBatchSql(after: LogPosition, ops: readonly ChangeOp[], token: string): string {
  if (!Number.isSafeInteger(after.seq)) throw new Error('seq is an integer');
  const expectedToken = after.token === null ? 'NULL' : literal(after.token);
  const touches = changeTouches(ops).map(literal).join(', ');
  const json = opsJson(ops);
  return `SELECT flagplane_commit_batch(${after.seq}, ${expectedToken}, ${literal(json.written)}::json, ${literal(token)}, true, ARRAY[${touches}]::text[], NULL, ${literal(json.logged)}::json)`;
}

/** SQLSTATE of flagplane_commit_batch finding the database behind a process that holds the lock. */
export const databaseBehind = 'FP001';

/** The last committed change (seq 0 and token null when there is none). */
export async function lastChange(db: Queryable): Promise<LogPosition> {
  const [row] = await db.query<{ seq: string; token: string }>(
    'SELECT c.seq::text AS seq, c.token FROM flagplane_changes c ORDER BY c.seq DESC LIMIT 1',
  );
  return row === undefined ? { seq: 0, token: null } : { seq: Number(row.seq), token: row.token };
}
