/**
 * One round trip per batch of requests (§22): the rate-limit counts of the requests that arrived
 * together (§13: one row per caller and window, shared by every process, so spreading requests over
 * processes does not multiply a quota) and the change rows other processes committed since this one last
 * looked, in one statement.
 */
import { type RateLimitState, rateLimitState } from '../../domain/rate-limit.js';
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
  /** The number of the last committed change (below this process's: the database went back in time). */
  readonly last: number;
  /** The token of the change numbered `afterSeq` now (not the one applied: another database's). */
  readonly tokenAfter: string | null;
  /** `caller NUL windowStart` → the window's count including this round's hits. */
  readonly counts: Map<string, number>;
}

/** A request waiting to be counted (§13) in the next round. */
export interface PendingHit {
  readonly caller: string;
  readonly windowStart: number;
  readonly now: number;
  readonly limit: number;
  readonly windowMs: number;
  readonly resolve: (state: RateLimitState) => void;
  readonly reject: (error: unknown) => void;
}

const callerSlot = (caller: string, windowStart: number) => `${caller}\u0000${windowStart}`;

/** The round's requests, counted together per caller and window. */
export function tallyHits(hits: readonly PendingHit[]): CallerHits[] {
  const callers = new Map<string, CallerHits>();
  for (const hit of hits) {
    const slot = callerSlot(hit.caller, hit.windowStart);
    const hitsSoFar = callers.get(slot)?.hits ?? 0;
    callers.set(slot, { caller: hit.caller, windowStart: hit.windowStart, hits: hitsSoFar + 1 });
  }
  return [...callers.values()];
}

/**
 * Answers each request with its place in its window: the round's requests are the last of each window's
 * count (`counts`, from the round), in the order they arrived.
 */
export function answerHits(hits: readonly PendingHit[], counts: ReadonlyMap<string, number>): void {
  const inRound = new Map<string, number>();
  for (const hit of hits) {
    const slot = callerSlot(hit.caller, hit.windowStart);
    inRound.set(slot, (inRound.get(slot) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (const hit of hits) {
    const slot = callerSlot(hit.caller, hit.windowStart);
    const index = seen.get(slot) ?? 0;
    seen.set(slot, index + 1);
    const count = (counts.get(slot) ?? 0) - (inRound.get(slot) ?? 0) + index + 1;
    hit.resolve(rateLimitState(hit.limit, hit.windowMs, hit.windowStart, count, hit.now));
  }
}

/** Sent on every round: prepared once per connection. */
const countAndReadChangesStatement: PreparedStatement = {
  name: 'flagplane_count_and_read_changes',
  // Callers in a fixed order (sorted by the caller of this function): two processes counting the same
  // callers lock their rows in the same order, so they wait for each other instead of deadlocking.
  text: `WITH counted AS (
      INSERT INTO flagplane_rate_limits (caller, window_start, count)
      SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[])
      ON CONFLICT (caller, window_start) DO UPDATE SET count = flagplane_rate_limits.count + excluded.count
      RETURNING caller, window_start, count
    )
    SELECT 'count' AS kind, NULL AS seq, NULL AS token, NULL::json AS ops, caller,
      window_start::text AS window_start, count
      FROM counted
    UNION ALL
    (SELECT 'change', c.seq::text, c.token, c.ops, NULL, NULL, NULL FROM flagplane_changes c
      WHERE c.seq > $4 ORDER BY c.seq LIMIT $5)
    UNION ALL
    SELECT 'last', coalesce(max(seq), 0)::text, (SELECT token FROM flagplane_changes WHERE seq = $4), NULL, NULL,
      NULL, NULL
      FROM flagplane_changes`,
};

export async function countAndReadChanges(
  db: Database,
  callers: readonly CallerHits[],
  afterSeq: number,
  limit: number,
): Promise<RoundAnswer> {
  const sorted = [...callers].sort((a, b) =>
    a.caller === b.caller ? a.windowStart - b.windowStart : a.caller < b.caller ? -1 : 1,
  );
  const rows = await db.execute<{
    kind: 'count' | 'change' | 'last';
    seq: string | null;
    token: string | null;
    ops: ChangeOp[] | null;
    caller: string | null;
    window_start: string | null;
    count: number | null;
  }>(countAndReadChangesStatement, [
    sorted.map((entry) => entry.caller),
    sorted.map((entry) => entry.windowStart),
    sorted.map((entry) => entry.hits),
    afterSeq,
    limit,
  ]);
  const answer = {
    rows: [] as ChangeRow[],
    counts: new Map<string, number>(),
    last: 0,
    tokenAfter: null as string | null,
  };
  for (const row of rows) {
    if (row.kind === 'count') {
      answer.counts.set(callerSlot(row.caller ?? '', Number(row.window_start)), row.count ?? 0);
    } else if (row.kind === 'change') {
      answer.rows.push({ seq: Number(row.seq), token: row.token ?? '', ops: row.ops ?? [] });
    } else {
      answer.last = Number(row.seq);
      answer.tokenAfter = row.token;
    }
  }
  return answer;
}

/**
 * Counts of windows before `windowStart` are never read again; any process may delete them. (The caller
 * passes the window before its newest, so a process whose clock runs a little ahead does not delete the
 * window the others are counting in.)
 */
export async function forgetWindowsBefore(db: Queryable, windowStart: number): Promise<void> {
  await db.query('DELETE FROM flagplane_rate_limits WHERE window_start < $1', [windowStart]);
}
