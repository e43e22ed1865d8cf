/**
 * Writing: the writes that arrived together (group commit, as on the file store) are one database
 * transaction, and usually one round trip. The batch's writers run on memory as it is, which gives its
 * changes and its footprint (what the writers read: footprint.ts), and are undone at once: memory shows
 * only committed changes, so reads never wait for a commit. The database then commits the batch under the
 * write lock, numbered after the last change, provided the changes of other processes this one had not
 * applied yet touch nothing of its footprint (flagplane_commit_batch); the process applies those and its
 * own change as it applies any change of the log, and answers. Two processes writing different records
 * therefore commit one after the other, not by turns. When a change it missed does touch the footprint,
 * the batch runs under the write lock instead: catch up (log-follower.ts), run the writers again, commit.
 * Commits are numbered without gaps in commit order, a key is checked against every process's writes
 * (and the database's unique constraint backs it), and a 2xx means committed.
 */
import { CommitLoop } from '../commit-loop.js';
import type { Transaction } from '../store.js';
import type { WriterRunner } from '../store-core.js';
import type { StoreLogger } from '../store-logger.js';
import { timedCommit } from '../store-timings.js';
import { StoreUnavailableError } from '../store-unavailable.js';
import { BatchRun, type QueuedWrite } from './batch-run.js';
import type { NoticedChange } from './change-notifications.js';
import type { LogPosition } from './change-rows.js';
import { asStoreError, isConnectionFailure } from './connection-failure.js';
import type { Database } from './database.js';
import type { LogFollower } from './log-follower.js';
import {
  type CommittedAfter,
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
  /** The token of the change this process is committing, while its commit is on its way. */
  #committing: string | null = null;
  /** Batches that ran under the write lock (for tests and diagnostics). */
  #underLock = 0;

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

  /** Whether a noticed change is this process's own: applied already, or about to be with its answer. */
  isOwn(change: NoticedChange): boolean {
    return change.seq <= this.#follower.position.seq || change.token === this.#committing;
  }

  get batchesUnderLock(): number {
    return this.#underLock;
  }

  /** Resolves once no batch is on its way or queued. */
  idle(): Promise<void> {
    return this.#commits.idle();
  }

  async #commitBatch(batch: readonly QueuedWrite[]): Promise<void> {
    await timedCommit(batch.length, async () => {
      if (!this.#follower.reloadWanted && (await this.#commitAsIs(batch))) return;
      this.#underLock++;
      await this.#commitUnderLock(batch);
    });
  }

  /** Returns false, having written nothing, when the batch must run under the lock instead. */
  async #commitAsIs(batch: readonly QueuedWrite[]): Promise<boolean> {
    const after = this.#follower.position;
    const run = this.#run(batch);
    // Memory keeps only what is committed: the changes go back in from the log once they are.
    run.undo();
    if (run.changes.size === 0) return this.#commitNothing(batch, run, after);
    const token = newChangeToken();
    const ops = run.ops();
    let committed: CommittedAfter | null;
    this.#committing = token;
    try {
      committed = await commitBatch(this.#database, after, ops, token, run.footprint);
    } catch (error) {
      this.#fail(batch, run, error);
      return true;
    } finally {
      this.#committing = null;
    }
    if (committed === null) return false;
    if (!this.#follower.appliedOwnCommit(committed.missed, { seq: committed.seq, token, ops })) {
      // Memory could not take a change: load everything again (under the lock) before answering.
      await this.#commitUnderLock([]);
    }
    run.answer();
    return true;
  }

  /**
   * A batch that changed nothing (every write refused, or a no-op) commits nothing: its answers hold if
   * nobody committed since this process last looked; else it runs again under the lock.
   */
  async #commitNothing(batch: readonly QueuedWrite[], run: BatchRun, after: LogPosition): Promise<boolean> {
    let last: LogPosition;
    try {
      last = await lastChange(this.#database);
    } catch (error) {
      this.#fail(batch, run, error);
      return true;
    }
    if (last.seq !== after.seq || last.token !== after.token) return false;
    run.answer();
    return true;
  }

  /** Runs the batch under the write lock, after catching up (or loading everything again). */
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
          await this.#follower.catchUpUnderLock(sql, toChangeRows(changesSince));
          this.#uncommitted.begin();
          const run = this.#run(batch);
          attempt.run = run;
          if (run.changes.size === 0) return null;
          const token = newChangeToken();
          const after = this.#follower.position;
          this.#committing = token;
          await sql.commitAfter(commitBatchSql(after, run.ops(), token));
          return { seq: after.seq + 1, token };
        },
        { opening: this.#follower.lockAndReadSql() },
      );
    } catch (error) {
      this.#fail(batch, attempt.run, error);
      return;
    } finally {
      this.#committing = null;
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
