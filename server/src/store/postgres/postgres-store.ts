/**
 * §22: the store any number of server processes share, on PostgreSQL.
 *
 * Every process keeps the whole state in memory, exactly as the file store does (the same MemoryState,
 * transactions and indexes, so every answer is computed by the same code), and PostgreSQL is the shared,
 * durable log they all follow:
 *
 * - A write batch (the writes that arrived meanwhile, as the file store's group commit) is one database
 *   transaction: it takes the write lock, applies the changes other processes committed since this one
 *   last looked, runs its writers on that current state, and commits their records together with one
 *   change row numbered next. Commits are therefore numbered without gaps in commit order, a key is
 *   checked against every process's writes (and the database's unique constraint backs it), and a 2xx
 *   means committed. A batch that fails to commit undoes its writers in memory.
 * - Before a request is authenticated, the request gate applies the change rows committed since this
 *   process last looked and counts the request in the rate limit every process shares (one statement,
 *   shared by every request that arrives while one runs): a write acknowledged by any process is visible
 *   to the next request on every process.
 * - While a batch's writers are applied in memory and not yet committed, reads wait for the outcome:
 *   nobody observes a write that may still be undone.
 * - A process that fell further behind than the change rows kept, or whose memory cannot take a change,
 *   loads the whole state again under the write lock.
 */
import { randomBytes } from 'node:crypto';
import { type RateLimitState, windowStartOf } from '../../domain/rate-limit.js';
import { ChangeListeners } from '../change-listeners.js';
import { MemoryState } from '../memory-state.js';
import type { StoreData } from '../records.js';
import type { RequestGate, Store, StoreView, Transaction } from '../store.js';
import { checkStoreData } from '../store-data.js';
import type { StoreLogger } from '../store-logger.js';
import { StoreUnavailableError } from '../store-unavailable.js';
import { BatchRun, type QueuedWrite } from './batch-run.js';
import { ChangeNotifications } from './change-notifications.js';
import { applyChangeOps, type ChangeRow, changeOps, type LogPosition } from './change-rows.js';
import { asStoreError, isConnectionFailure, withDeadline } from './connection-failure.js';
import { connectionWaitMs, Database, type Queryable } from './database.js';
import { migrate } from './migrate.js';
import { replaceAll } from './postgres-copy.js';
import {
  changesAfter,
  commitBatch,
  commitBatchSql,
  databaseBehind,
  lastChange,
  loadState,
  lockAndReadChangesSql,
  newChangeToken,
  setUpCursorSecret,
  takeWriteLock,
  toChangeRows,
} from './postgres-state.js';
import {
  answerHits,
  countAndReadChanges,
  forgetWindowsBefore,
  type PendingHit,
  tallyHits,
} from './request-round.js';
import { loadMigrations } from './schema.js';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  readonly url: string;
  /** Connections this process opens at most. @default 10 */
  readonly poolSize?: number;
  readonly logger?: StoreLogger;
}

/** Change rows read per query while catching up. */
const catchUpPage = 1000;
/** Rounds of catch-up and rate-limit counts on their way at once. */
const maxRoundsRunning = 1;
/** Writes committed in one transaction at most. */
const maxBatch = 256;

interface Deferred {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {}); // rejections are delivered to whoever awaits it
  return { promise, resolve, reject };
}

const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Connects, migrates (one process at a time), and loads the state. Refuses to start when it cannot. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const database = new Database({
    url: options.url,
    poolSize: options.poolSize ?? 10,
    logger: options.logger,
  });
  try {
    await migrate(database, loadMigrations());
    await setUpCursorSecret(database, randomBytes(32).toString('base64url'));
    const loaded = await database.transaction(loadState, {
      begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    });
    const store = new PostgresStore(database, new MemoryState(checkStoreData(loaded.data)), loaded.position, {
      url: options.url,
      logger: options.logger,
    });
    await store.listenForChanges();
    return store;
  } catch (error) {
    await database.end();
    throw error;
  }
}

export class PostgresStore implements Store {
  readonly #database: Database;
  readonly #state: MemoryState;
  readonly #logger: StoreLogger | undefined;
  /** The number of the last change row applied to memory. */
  #seq: number;
  /** The token of that change (null: none applied), which tells this database's change from another's. */
  #token: string | null;
  #queue: QueuedWrite[] = [];
  #writing: Promise<void> | null = null;
  /** A batch's writers are applied in memory and not committed yet. */
  #uncommitted = false;
  #afterCommit: (() => void)[] = [];
  #inWriter = false;
  /** The next round trip of catch-up and rate-limit counts, which every request arriving meanwhile joins. */
  #nextRound: { readonly waiting: Deferred; readonly hits: PendingHit[] } | null = null;
  /**
   * Rounds on their way. One at a time: measured, overlapping rounds only cost more CPU (smaller batches,
   * more statements) on the machine the servers and PostgreSQL share.
   */
  #roundsRunning = 0;
  /** The newest rate-limit window seen. */
  #latestWindow = Number.NEGATIVE_INFINITY;
  /** Whether the next batch tries one round trip first (no other process wrote lately). */
  #optimistic = true;
  #reloads = 0;
  /** Memory and database disagree: the next write batch loads everything again. */
  #reloadWanted = false;
  #closing: Promise<void> | null = null;
  readonly #changeListeners = new ChangeListeners();
  readonly #notifications: ChangeNotifications;

  constructor(
    database: Database,
    state: MemoryState,
    position: LogPosition,
    options: { readonly url: string; readonly logger?: StoreLogger | undefined },
  ) {
    this.#database = database;
    this.#state = state;
    this.#seq = position.seq;
    this.#token = position.token;
    this.#logger = options.logger;
    // §24: another process's commit is applied here at once, so the change streams of this one hear of it.
    this.#notifications = new ChangeNotifications({
      url: options.url,
      logger: options.logger,
      onNotice: (seq) => {
        // This process's own commits are announced to it too: those are applied already.
        if (this.#closing !== null || (seq !== undefined && seq <= this.#seq)) return;
        this.catchUp().catch(() => {}); // a failed round is tried again at the next notice or request
      },
    });
  }

  /** Starts listening for other processes' commits (§24). */
  listenForChanges(): Promise<void> {
    return this.#notifications.start();
  }

  /** The last change applied (for tests and diagnostics). */
  get appliedChange(): number {
    return this.#seq;
  }

  /** How many times this process loaded the whole state again after opening (tests, diagnostics). */
  get reloads(): number {
    return this.#reloads;
  }

  peek<T>(reader: (view: StoreView) => T): T {
    return reader(this.#state);
  }

  read<T>(reader: (view: StoreView) => T): Promise<T> {
    const refusal = this.#refusal('read');
    if (refusal) return Promise.reject(refusal);
    if (!this.#uncommitted) {
      try {
        return Promise.resolve(reader(this.#state));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.#afterCommit.push(() => {
        try {
          resolve(reader(this.#state));
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  write<T>(writer: (tx: Transaction) => T): Promise<T> {
    const refusal = this.#refusal('write');
    if (refusal) return Promise.reject(refusal);
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ writer, resolve: resolve as (value: unknown) => void, reject, retried: false });
      this.#writing ??= this.#writeLoop();
    });
  }

  catchUp(): Promise<void> {
    if (this.#closing !== null) return Promise.reject(new Error('store.catchUp: the store is closed'));
    return this.#joinRound(null);
  }

  onChange(listener: () => void): () => void {
    return this.#changeListeners.add(listener);
  }

  createRequestGate(limit: number, windowMs: number): RequestGate {
    return {
      admit: (callerKey, now) =>
        new Promise<RateLimitState>((resolve, reject) => {
          if (this.#closing !== null) {
            reject(new StoreUnavailableError('The server is stopping.', { retryAfter: 1 }));
            return;
          }
          const windowStart = windowStartOf(now, windowMs);
          const hit: PendingHit = { caller: callerKey, windowStart, now, limit, windowMs, resolve, reject };
          this.#joinRound(hit).catch(() => {}); // the hit itself is answered (or refused) with the round
        }),
      reset: () => {
        this.#database.query('DELETE FROM flagplane_rate_limits').catch(() => {});
      },
    };
  }

  snapshot(): StoreData {
    return structuredClone(this.#state.data);
  }

  /** Replaces the whole state for every process (the mock's reset; copy-data uses its own check). */
  async replace(data: StoreData): Promise<void> {
    const refusal = this.#refusal('replace');
    if (refusal) throw refusal;
    const checked = checkStoreData(structuredClone(data));
    while (this.#writing !== null) await this.#writing;
    try {
      await this.#database.transaction(async (tx) => {
        await takeWriteLock(tx);
        await replaceAll(tx, checked);
      });
    } catch (error) {
      throw asStoreError(error, 'replacing the data');
    }
    await this.#reloadNow();
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    await this.#notifications.close();
    while (this.#writing !== null) await this.#writing;
    await this.#database.end();
  }

  #refusal(operation: string): Error | undefined {
    if (this.#closing !== null) return new Error(`store.${operation}: the store is closed`);
    if (this.#inWriter) return new Error(`store.${operation} called inside a writer; use the transaction`);
    return undefined;
  }

  // ---- catching up -------------------------------------------------------------------------------

  /**
   * Joins the next round. A round already on its way may have read before the write this caller saw
   * acknowledged, so a caller always waits for a round that starts after it arrived: the one it joins
   * starts at once when fewer than `maxRoundsRunning` are on their way, else when one of them ends, with
   * everyone who arrived meanwhile. Requests (`hit`) are counted in the same round trip.
   */
  #joinRound(hit: PendingHit | null): Promise<void> {
    this.#nextRound ??= { waiting: deferred(), hits: [] };
    if (hit !== null) this.#nextRound.hits.push(hit);
    const { promise } = this.#nextRound.waiting;
    if (this.#roundsRunning < maxRoundsRunning) void this.#roundLoop();
    return promise;
  }

  async #roundLoop(): Promise<void> {
    this.#roundsRunning++;
    try {
      // Once the rounds of this turn of the event loop have joined.
      await Promise.resolve();
      while (this.#nextRound !== null) {
        const round = this.#nextRound;
        this.#nextRound = null;
        try {
          await withDeadline(this.#runRound(round.hits), connectionWaitMs, 'reading the latest changes');
          round.waiting.resolve();
        } catch (error) {
          const answer = asStoreError(error, 'reading the latest changes');
          round.waiting.reject(answer);
          for (const hit of round.hits) hit.reject(answer);
        }
      }
    } finally {
      this.#roundsRunning--;
    }
  }

  /** Counts the round's requests and applies the changes committed elsewhere, then answers the requests. */
  async #runRound(hits: readonly PendingHit[]): Promise<void> {
    const appliedWhenSent = this.#seq;
    const tokenWhenSent = this.#token;
    const answer = await countAndReadChanges(this.#database, tallyHits(hits), appliedWhenSent, catchUpPage);
    // Rows read while a batch of this process is uncommitted are applied once it has an outcome (rows
    // already applied by then are skipped by number).
    if (this.#uncommitted) await new Promise<void>((resolve) => this.#afterCommit.push(resolve));
    // A database whose last change is before the one this process had applied when it asked went back in
    // time (a restored backup): load it again. (Not `#seq` now: this process may have committed since.)
    // So is one whose change of that number is another than the one applied (restored, then written to).
    if (answer.last < appliedWhenSent || answer.tokenAfter !== tokenWhenSent) this.#reloadWanted = true;
    this.#applyRows(answer.rows);
    if (this.#reloadWanted || answer.rows.length === catchUpPage) await this.#pullChanges();
    answerHits(hits, answer.counts);
    this.#forgetOldWindows(hits);
  }

  /** Once a newer window has begun, the counts of older ones are deleted (by whichever process sees it). */
  #forgetOldWindows(hits: readonly PendingHit[]): void {
    const newest = Math.max(...hits.map((hit) => hit.windowStart));
    if (!(newest > this.#latestWindow)) return;
    const previous = this.#latestWindow;
    this.#latestWindow = newest;
    // The window before the newest stays: another process's clock may still be in it.
    if (previous !== Number.NEGATIVE_INFINITY) forgetWindowsBefore(this.#database, previous).catch(() => {});
  }

  async #pullChanges(): Promise<void> {
    for (;;) {
      if (this.#reloadWanted) return this.#reloadNow();
      const rows = await changesAfter(this.#database, this.#seq, catchUpPage);
      // Rows read while a batch of this process is uncommitted are applied once it has an outcome.
      if (this.#uncommitted) await new Promise<void>((resolve) => this.#afterCommit.push(resolve));
      this.#applyRows(rows);
      if (this.#reloadWanted) return this.#reloadNow();
      if (rows.length < catchUpPage) return;
    }
  }

  /**
   * Applies change rows read from the database, skipping those already applied. A gap (the rows this
   * process needs were pruned) or a change memory cannot take asks for a reload instead.
   */
  #applyRows(rows: readonly ChangeRow[]): void {
    for (const row of rows) {
      if (row.seq <= this.#seq) continue;
      if (row.seq !== this.#seq + 1 || row.ops.some((op) => (op.collection as string) === '*')) {
        this.#reloadWanted = true;
        return;
      }
      try {
        applyChangeOps(this.#state, row.ops);
      } catch (error) {
        this.#logger?.error({ err: error, seq: row.seq }, 'store: a change does not apply; reloading');
        this.#reloadWanted = true;
        return;
      }
      this.#seq = row.seq;
      this.#token = row.token;
      this.#changeListeners.changed();
    }
  }

  /** Loads everything again, through an empty write batch (under the write lock). */
  async #reloadNow(): Promise<void> {
    this.#reloadWanted = true;
    const done = new Promise<void>((resolve, reject) => {
      this.#queue.unshift({ writer: () => undefined, resolve: () => resolve(), reject, retried: true });
    });
    this.#writing ??= this.#writeLoop();
    await done;
  }

  async #reloadInside(tx: Queryable): Promise<void> {
    this.#reloads++;
    const loaded = await loadState(tx);
    this.#state.load(checkStoreData(loaded.data));
    this.#seq = loaded.position.seq;
    this.#token = loaded.position.token;
    this.#reloadWanted = false;
    this.#changeListeners.changed();
  }

  // ---- writing -----------------------------------------------------------------------------------

  async #writeLoop(): Promise<void> {
    try {
      await afterPendingIo(); // the writes of this turn of the event loop join the first batch
      while (this.#queue.length > 0) {
        await this.#commitBatch(this.#queue.splice(0, maxBatch));
        await afterPendingIo();
      }
    } finally {
      this.#writing = null;
    }
  }

  /**
   * A batch first tries one round trip: its writers run on memory as it is, and the database commits
   * their changes only if no other process committed since this one last looked (flagplane_commit_batch;
   * a batch that changed nothing checks the last change number instead). When another had, the batch
   * runs under the write lock: catch up, run the writers again, commit. After a batch under the lock
   * that found changes of other processes, the next batch starts under the lock too (they are writing).
   */
  async #commitBatch(batch: readonly QueuedWrite[]): Promise<void> {
    if (this.#optimistic && !this.#reloadWanted && (await this.#commitAsIs(batch))) return;
    await this.#commitUnderLock(batch);
  }

  /** Returns false, with every writer undone, when the batch must run under the lock instead. */
  async #commitAsIs(batch: readonly QueuedWrite[]): Promise<boolean> {
    this.#uncommitted = true;
    const run = this.#run(batch);
    let committed = false;
    let token: string | null = null;
    try {
      // A batch that changed nothing (every write refused, or a no-op) commits nothing: its answers hold
      // if nobody committed since this process last looked.
      const after = this.#position();
      if (run.changes.size > 0) {
        token = newChangeToken();
        committed = await commitBatch(this.#database, after, changeOps(run.changes), token);
      } else {
        const last = await lastChange(this.#database);
        committed = last.seq === after.seq && last.token === after.token;
      }
    } catch (error) {
      this.#fail(batch, run, error);
      return true;
    }
    if (!committed) {
      run.undo();
      this.#settleUncommitted();
      return false;
    }
    if (token !== null) {
      this.#seq += 1;
      this.#token = token;
      this.#changeListeners.changed();
    }
    this.#settleUncommitted();
    run.answer();
    return true;
  }

  async #commitUnderLock(batch: readonly QueuedWrite[]): Promise<void> {
    // What the transaction ran, for the answers (or the undo) once it has an outcome.
    const attempt: { run: BatchRun | null } = { run: null };
    let committed: LogPosition | null;
    try {
      // Waiting for a connection and for the write lock are each bounded (database.ts): a 503 then.
      // BEGIN, the write lock and the changes since this process last looked go in one round trip; the
      // batch's writes and the COMMIT in a second.
      const opening = lockAndReadChangesSql(this.#seq, catchUpPage);
      committed = await this.#database.transaction(
        async (sql, changesSince) => {
          const rows = toChangeRows(changesSince);
          this.#optimistic = rows.every((row) => row.seq <= this.#seq);
          this.#applyRows(rows);
          if (this.#reloadWanted) await this.#reloadInside(sql);
          else if (rows.length === catchUpPage) await this.#catchUpInside(sql);
          this.#uncommitted = true;
          const run = this.#run(batch);
          attempt.run = run;
          if (run.changes.size === 0) return null;
          const token = newChangeToken();
          await sql.commitAfter(commitBatchSql(this.#position(), changeOps(run.changes), token));
          return { seq: this.#seq + 1, token };
        },
        { opening },
      );
    } catch (error) {
      this.#fail(batch, attempt.run, error);
      return;
    }
    if (committed !== null) {
      this.#seq = committed.seq;
      this.#token = committed.token;
      this.#changeListeners.changed();
    }
    this.#settleUncommitted();
    attempt.run?.answer();
  }

  #position(): LogPosition {
    return { seq: this.#seq, token: this.#token };
  }

  #run(batch: readonly QueuedWrite[]): BatchRun {
    return new BatchRun(this.#state, batch, (running) => {
      this.#inWriter = running;
    });
  }

  /** The batch did not commit: memory goes back to what the database has, and every writer is answered. */
  #fail(batch: readonly QueuedWrite[], run: BatchRun | null, error: unknown): void {
    run?.undo();
    this.#settleUncommitted();
    // The writers that refused by themselves keep their own answer; the others (those applied, and
    // those the batch never reached) get the batch's.
    this.#failBatch(run ? run.refuseOwn(batch) : batch, error);
  }

  async #catchUpInside(sql: Queryable): Promise<void> {
    for (;;) {
      const rows = await changesAfter(sql, this.#seq, catchUpPage);
      this.#applyRows(rows);
      if (this.#reloadWanted) return this.#reloadInside(sql);
      if (rows.length < catchUpPage) return;
    }
  }

  #settleUncommitted(): void {
    this.#uncommitted = false;
    for (const waiting of this.#afterCommit.splice(0)) waiting();
  }

  /**
   * A batch did not commit. A unique violation means memory missed a change the database has: load
   * everything again and send each write once more (it then meets the key it conflicts with and answers
   * 409 itself). Anything else is answered as it is: 503 when the database is out of reach.
   */
  #failBatch(writes: readonly QueuedWrite[], error: unknown): void {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505' || code === databaseBehind) {
      // Memory and database disagree: load everything again, and send each write once more (it then
      // meets the key it conflicts with and answers 409 itself). A second time: 503, never a 500.
      this.#reloadWanted = true;
      const answer = new StoreUnavailableError(
        'The database and this server disagree; the server is reloading it: retry in a moment.',
        { cause: error, retryAfter: 1 },
      );
      for (const write of writes) if (write.retried) write.reject(answer);
      const again = writes.filter((write) => !write.retried);
      this.#queue.unshift(...again.map((write) => ({ ...write, retried: true })));
      return;
    }
    if (!isConnectionFailure(error)) {
      this.#logger?.error({ err: error }, 'store: a write batch failed to commit');
    }
    const answer = asStoreError(error, 'committing a write');
    for (const write of writes) write.reject(answer);
  }
}
