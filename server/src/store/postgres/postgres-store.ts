/**
 * §22: the store any number of server processes share, on PostgreSQL.
 *
 * Every process keeps the whole state in memory, exactly as the file store does (the same store core,
 * MemoryState, transactions and indexes, so every answer is computed by the same code), but for the
 * event log, which it reads from the database by SQL (postgres-events.ts); PostgreSQL is the shared,
 * durable log they all follow. Two parts do the work; this class is the `Store` they make:
 *
 * - the committer (batch-committer.ts) writes: a write batch is one database transaction, numbered next
 *   in the log; a 2xx means committed;
 * - the follower (log-follower.ts) catches up: before a request is authenticated, the request gate
 *   applies the change rows committed since this process last looked and counts the request in the rate
 *   limit every process shares (one statement, shared by every request that arrives while one runs), so
 *   a write acknowledged by any process is visible to the next request on every process.
 *
 * Memory shows committed changes only: a batch that commits in one round trip is undone in memory while
 * it is on its way and applied from the log once committed; one that runs under the write lock keeps its
 * writers applied meanwhile, and reads wait for its outcome (uncommitted-writes.ts).
 */
import { randomBytes } from 'node:crypto';
import { type RateLimitState, windowStartOf } from '../../domain/rate-limit.js';
import { MemoryState } from '../memory-state.js';
import type { StoreData } from '../records.js';
import type { RequestGate, StoreStats, StoreView, Transaction } from '../store.js';
import { StoreCore } from '../store-core.js';
import { checkStoreData } from '../store-data.js';
import type { StoreLogger } from '../store-logger.js';
import { StoreUnavailableError } from '../store-unavailable.js';
import { BatchCommitter } from './batch-committer.js';
import { ChangeNotifications } from './change-notifications.js';
import type { LogPosition } from './change-rows.js';
import { asStoreError } from './connection-failure.js';
import { Database } from './database.js';
import { LogFollower } from './log-follower.js';
import { migrate } from './migrate.js';
import { replaceAll } from './postgres-copy.js';
import { PostgresEvents } from './postgres-events.js';
import { loadState, setUpCursorSecret, takeWriteLock } from './postgres-state.js';
import type { PendingHit } from './request-round.js';
import { loadMigrations } from './schema.js';
import { UncommittedWrites } from './uncommitted-writes.js';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  readonly url: string;
  /** Connections this process opens at most. @default 10 */
  readonly poolSize?: number;
  readonly logger?: StoreLogger;
}

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
    // Events stay in the database (postgres-events.ts): memory holds those of the batch being committed.
    const state = new MemoryState(checkStoreData(loaded.data), new PostgresEvents(database));
    const store = new PostgresStore(database, state, loaded.position, {
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

export class PostgresStore extends StoreCore {
  readonly #database: Database;
  readonly #uncommitted = new UncommittedWrites();
  readonly #follower: LogFollower;
  readonly #committer: BatchCommitter;
  readonly #notifications: ChangeNotifications;

  constructor(
    database: Database,
    state: MemoryState,
    position: LogPosition,
    options: { readonly url: string; readonly logger?: StoreLogger | undefined },
  ) {
    super(state);
    this.#database = database;
    const { logger } = options;
    const shared = { database, uncommitted: this.#uncommitted, logger };
    this.#follower = new LogFollower({
      ...shared,
      state,
      position,
      changeListeners: this.changeListeners,
      reload: () => this.#committer.reload(),
    });
    this.#committer = new BatchCommitter({
      ...shared,
      follower: this.#follower,
      runWriter: (writer, footprint) => this.runWriter(writer, footprint),
      // Committed events are read from the database from now on.
      committedEvents: (ids) => {
        state.evictEvents(ids);
        state.coldEventsChanged();
      },
    });
    // §24: another process's commit is applied here at once, so the change streams of this one hear of it.
    this.#notifications = new ChangeNotifications({
      url: options.url,
      logger,
      onNotice: (change) => {
        if (this.closed) return;
        // This process's own commits are announced to it too: those are applied, or about to be.
        if (change !== undefined && this.#committer.isOwn(change)) return;
        this.#follower.noticed(change?.seq);
      },
    });
  }

  /** Starts listening for other processes' commits (§24). */
  listenForChanges(): Promise<void> {
    return this.#notifications.start();
  }

  /** The last change applied (for tests and diagnostics). */
  get appliedChange(): number {
    return this.#follower.position.seq;
  }

  /**
   * How many write batches ran under the write lock, after a change of another process they depended on
   * (or to load everything again), instead of committing in one round trip (tests, diagnostics).
   */
  get batchesUnderLock(): number {
    return this.#committer.batchesUnderLock;
  }

  /** How many times this process loaded the whole state again after opening (tests, diagnostics). */
  get reloads(): number {
    return this.#follower.reloads;
  }

  protected nothingPending(): boolean {
    return !this.#uncommitted.pending;
  }

  protected readState<T>(reader: (view: StoreView) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#uncommitted.afterOutcome(() => {
        try {
          resolve(reader(this.state));
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  protected writeState<T>(writer: (tx: Transaction) => T): Promise<T> {
    return this.#committer.write(writer);
  }

  catchUp(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store.catchUp: the store is closed'));
    return this.#follower.join(null);
  }

  createRequestGate(limit: number, windowMs: number): RequestGate {
    return {
      admit: (callerKey, now) =>
        new Promise<RateLimitState>((resolve, reject) => {
          if (this.closed) {
            reject(new StoreUnavailableError('The server is stopping.', { retryAfter: 1 }));
            return;
          }
          const windowStart = windowStartOf(now, windowMs);
          const hit: PendingHit = { caller: callerKey, windowStart, now, limit, windowMs, resolve, reject };
          this.#follower.join(hit).catch(() => {}); // the hit itself is answered (or refused) with the round
        }),
      reset: () => {
        this.#database.query('DELETE FROM flagplane_rate_limits').catch(() => {});
      },
    };
  }

  checkReady(timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return this.#database.ping(timeoutMs);
  }

  protected override moreStats(): Partial<StoreStats> {
    return { pool: this.#database.poolStats() };
  }

  /** Replaces the whole state for every process (the mock's reset; copy-data uses its own check). */
  protected async replaceState(data: StoreData): Promise<void> {
    const checked = checkStoreData(structuredClone(data));
    await this.#committer.idle();
    try {
      await this.#database.transaction(async (tx) => {
        await takeWriteLock(tx);
        await replaceAll(tx, checked);
      });
    } catch (error) {
      throw asStoreError(error, 'replacing the data');
    }
    await this.#committer.reload();
  }

  protected async closeStore(): Promise<void> {
    await this.#notifications.close();
    this.#follower.close();
    await this.#committer.idle();
    await this.#database.end();
  }
}
