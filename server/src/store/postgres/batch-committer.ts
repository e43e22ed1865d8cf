/**
 * Writing: the writes that arrived together (group commit, as on the file store) are one database
 * transaction. A batch first tries one round trip: its writers run on memory as it is, and the database
 * commits their changes only if no other process committed since this one last looked
 * (flagplane_commit_batch; a batch that changed nothing checks the last change number instead). When
 * another had, the batch runs under the write lock: catch up (log-follower.ts), run the writers again,
 * commit. Commits are therefore numbered without gaps in commit order, a key is checked against every
 * process's writes (and the database's unique constraint backs it), and a 2xx means committed. A batch
 * that fails to commit undoes its writers in memory.
 */
import { CommitLoop } from '../commit-loop.js';
import type { Transaction } from '../store.js';
import type { WriterRunner } from '../store-core.js';
import type { StoreLogger } from '../store-logger.js';
import { timedCommit } from '../store-timings.js';
import { StoreUnavailableError } from '../store-unavailable.js';
import { BatchRun, type QueuedWrite } from './batch-run.js';
import { changeOps, type LogPosition } from './change-rows.js';
import { asStoreError, isConnectionFailure } from './connection-failure.js';
import type { Database } from './database.js';
import type { LogFollower } from './log-follower.js';
import {
  commitBatch,
  commitBatchSql,
  databaseBehind,
  lastChange,
  newChangeToken,
  toChangeRows,
} from './postgres-state.js';
import type { UncommittedWrites } from './uncommitted-writes.js';

/** Writes committed in one transaction at most. */
const maxBatch = 256;

export interface BatchCommitterOptions {
  readonly database: Database;
  readonly follower: LogFollower;
  readonly uncommitted: UncommittedWrites;
  /** Runs one writer in a transaction of its own on the memory state (the store core's). */
  readonly runWriter: WriterRunner;
  /**
   * A batch that added events (`ids`, which memory may drop: the database answers for them now) or
   * removed some committed.
   */
  readonly committedEvents?: ((ids: readonly string[]) => void) | undefined;
  readonly logger?: StoreLogger | undefined;
}

export class BatchCommitter {
  readonly #database: Database;
  readonly #follower: LogFollower;
  readonly #uncommitted: UncommittedWrites;
  readonly #runWriter: WriterRunner;
  readonly #committedEvents: (ids: readonly string[]) => void;
  readonly #logger: StoreLogger | undefined;
  #queue: QueuedWrite[] = [];
  readonly #commits = new CommitLoop(
    () => this.#queue.length > 0,
    () => this.#commitBatch(this.#queue.splice(0, maxBatch)),
  );
  /** Whether the next batch tries one round trip first (no other process wrote lately). */
  #optimistic = true;

  constructor(options: BatchCommitterOptions) {
    this.#database = options.database;
    this.#follower = options.follower;
    this.#uncommitted = options.uncommitted;
    this.#runWriter = options.runWriter;
    this.#committedEvents = options.committedEvents ?? (() => {});
    this.#logger = options.logger;
  }

  /** Resolves with what `writer` returned once its batch committed; rejects with what refused it. */
  write<T>(writer: (tx: Transaction) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ writer, resolve: resolve as (value: unknown) => void, reject, retried: false });
      this.#commits.start();
    });
  }

  /** Loads everything again, through an empty write batch (under the write lock), ahead of the queue. */
  async reload(): Promise<void> {
    this.#follower.wantReload();
    const done = new Promise<void>((resolve, reject) => {
      this.#queue.unshift({ writer: () => undefined, resolve: () => resolve(), reject, retried: true });
    });
    this.#commits.start();
    await done;
  }

  /** Resolves once no batch is on its way or queued. */
  idle(): Promise<void> {
    return this.#commits.idle();
  }

  async #commitBatch(batch: readonly QueuedWrite[]): Promise<void> {
    await timedCommit(batch.length, async () => {
      if (this.#optimistic && !this.#follower.reloadWanted && (await this.#commitAsIs(batch))) return;
      await this.#commitUnderLock(batch);
    });
  }

  /** Returns false, with every writer undone, when the batch must run under the lock instead. */
  async #commitAsIs(batch: readonly QueuedWrite[]): Promise<boolean> {
    this.#uncommitted.begin();
    const run = this.#run(batch);
    const after = this.#follower.position;
    let committed = false;
    let token: string | null = null;
    try {
      // A batch that changed nothing (every write refused, or a no-op) commits nothing: its answers hold
      // if nobody committed since this process last looked.
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
      this.#uncommitted.settle();
      return false;
    }
    if (token !== null) this.#committed({ seq: after.seq + 1, token }, run);
    this.#uncommitted.settle();
    run.answer();
    return true;
  }

  /** After a batch under the lock that found changes of other processes, the next starts under it too. */
  async #commitUnderLock(batch: readonly QueuedWrite[]): Promise<void> {
    // What the transaction ran, for the answers (or the undo) once it has an outcome.
    const attempt: { run: BatchRun | null } = { run: null };
    let committed: LogPosition | null;
    try {
      // Waiting for a connection and for the write lock are each bounded (database.ts): a 503 then.
      // BEGIN, the write lock and the changes since this process last looked go in one round trip; the
      // batch's writes and the COMMIT in a second.
      committed = await this.#database.transaction(
        async (sql, changesSince) => {
          const rows = toChangeRows(changesSince);
          this.#optimistic = rows.every((row) => row.seq <= this.#follower.position.seq);
          await this.#follower.catchUpUnderLock(sql, rows);
          this.#uncommitted.begin();
          const run = this.#run(batch);
          attempt.run = run;
          if (run.changes.size === 0) return null;
          const token = newChangeToken();
          const after = this.#follower.position;
          await sql.commitAfter(commitBatchSql(after, changeOps(run.changes), token));
          return { seq: after.seq + 1, token };
        },
        { opening: this.#follower.lockAndReadSql() },
      );
    } catch (error) {
      this.#fail(batch, attempt.run, error);
      return;
    }
    if (committed !== null && attempt.run !== null) this.#committed(committed, attempt.run);
    this.#uncommitted.settle();
    attempt.run?.answer();
  }

  /** `run` committed as the change at `position`: its events are the database's to answer now. */
  #committed(position: LogPosition, run: BatchRun): void {
    this.#follower.committed(position);
    const events: string[] = [];
    let removed = false;
    for (const change of run.changes.values()) {
      if (change.collection !== 'events') continue;
      if (change.record === null) removed = true;
      else events.push(change.id);
    }
    if (events.length > 0 || removed) this.#committedEvents(events);
  }

  #run(batch: readonly QueuedWrite[]): BatchRun {
    return new BatchRun(batch, this.#runWriter);
  }

  /** The batch did not commit: memory goes back to what the database has, and every writer is answered. */
  #fail(batch: readonly QueuedWrite[], run: BatchRun | null, error: unknown): void {
    run?.undo();
    this.#uncommitted.settle();
    // The writers that refused by themselves keep their own answer; the others (those applied, and
    // those the batch never reached) get the batch's.
    this.#failBatch(run ? run.refuseOwn(batch) : batch, error);
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
      this.#follower.wantReload();
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
