/**
 * One round trip per batch of requests (§22): the rate-limit counts of the requests that arrived
 * together (§13: one row per caller and window, shared by every process, so spreading requests over
 * processes does not multiply a quota) and the change rows other processes committed since this one last
 * looked, in one statement.
 */
import type { ChangeOp, ChangeRow } from './change-rows.js';
import type { Database, PreparedStatement, Queryable } from './database.js';

/** The requests of one caller in one window, counted together. */
export interface CallerHits {
  readonly caller: string;
  readonly windowStart: number;
  readonly hits: number;
}

export interface RoundAnswer {
  readonly rows: ChangeRow[];
  /** `caller NUL windowStart` → the window's count including this round's hits. */
  readonly counts: Map<string, number>;
}

export const callerSlot = (caller: string, windowStart: number) => `${caller}\u0000${windowStart}`;

/** Sent on every round: prepared once per connection. */
const countAndReadChangesStatement: PreparedStatement = {
  name: 'flagplane_count_and_read_changes',
  text: `WITH counted AS (
      INSERT INTO flagplane_rate_limits (caller, window_start, count)
      SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[])
      ON CONFLICT (caller, window_start) DO UPDATE SET count = flagplane_rate_limits.count + excluded.count
      RETURNING caller, window_start, count
    )
    SELECT NULL AS seq, NULL::json AS ops, caller, window_start::text AS window_start, count FROM counted
    UNION ALL
    (SELECT seq::text, ops, NULL, NULL, NULL FROM flagplane_changes WHERE seq > $4 ORDER BY seq LIMIT $5)`,
};

export async function countAndReadChanges(
  db: Database,
  callers: readonly CallerHits[],
  afterSeq: number,
  limit: number,
): Promise<RoundAnswer> {
  const rows = await db.execute<{
    seq: string | null;
    ops: ChangeOp[] | null;
    caller: string | null;
    window_start: string | null;
    count: number | null;
  }>(countAndReadChangesStatement, [
    callers.map((entry) => entry.caller),
    callers.map((entry) => entry.windowStart),
    callers.map((entry) => entry.hits),
    afterSeq,
    limit,
  ]);
  const answer: RoundAnswer = { rows: [], counts: new Map() };
  for (const row of rows) {
    if (row.caller !== null && row.window_start !== null && row.count !== null) {
      answer.counts.set(callerSlot(row.caller, Number(row.window_start)), row.count);
    } else if (row.seq !== null && row.ops !== null) {
      answer.rows.push({ seq: Number(row.seq), ops: row.ops });
    }
  }
  return answer;
}

/** Counts of windows before `windowStart` are never read again; any process may delete them. */
export async function forgetWindowsBefore(db: Queryable, windowStart: number): Promise<void> {
  await db.query('DELETE FROM flagplane_rate_limits WHERE window_start < $1', [windowStart]);
}
