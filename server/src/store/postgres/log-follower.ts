/**
 * Catching up: where this process is in the log every process shares (the last change row it applied),
 * and how it follows: the change rows other processes committed, applied to memory in order; a whole
 * load again when it fell further behind than the rows kept, or when memory cannot take a change.
 *
 * Catching up happens in rounds (one round trip each, shared by everyone who arrives while one is on its
 * way): the request gate's, which also counts the requests in the rate limit every process shares,
 * `catchUp`'s, and those a notice of another process's commit starts. A write batch catches up too,
 * under the write lock, before it runs its writers (batch-committer.ts).
 */
import type { ChangeListeners } from '../change-listeners.js';
import type { MemoryState } from '../memory-state.js';
import { checkStoreData } from '../store-data.js';
import type { StoreLogger } from '../store-logger.js';
import { applyChangeOps, type ChangeRow, type LogPosition } from './change-rows.js';
import { asStoreError, withDeadline } from './connection-failure.js';
import { connectionWaitMs, type Database, type Queryable } from './database.js';
import { changesAfter, loadState, lockAndReadChangesSql } from './postgres-state.js';
import {
  answerHits,
  countAndReadChanges,
  forgetWindowsBefore,
  type PendingHit,
  tallyHits,
} from './request-round.js';
import type { UncommittedWrites } from './uncommitted-writes.js';

/** Change rows read per query while catching up. */
const catchUpPage = 1000;
/**
 * How long a change another process announced may wait for a round that applies it anyway (a request's,
 * under load) before it gets one of its own: measured with two busy processes, a round per notice was a
 * quarter of all rounds; §24's changes still reach the streams well within a second.
 */
const noticeWaitMs = 10;
/** Rounds of catch-up and rate-limit counts on their way at once. */
const maxRoundsRunning = 1;

export interface LogFollowerOptions {
  readonly database: Database;
  readonly state: MemoryState;
  /** The last change the loaded state includes. */
  readonly position: LogPosition;
  readonly changeListeners: ChangeListeners;
  readonly uncommitted: UncommittedWrites;
  /** Loads everything again under the write lock (an empty write batch: the committer's `reload`). */
  readonly reload: () => Promise<void>;
  readonly logger?: StoreLogger | undefined;
}

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

export class LogFollower {
  readonly #database: Database;
  readonly #state: MemoryState;
  readonly #changeListeners: ChangeListeners;
  readonly #uncommitted: UncommittedWrites;
  readonly #reload: () => Promise<void>;
  readonly #logger: StoreLogger | undefined;
  /** The number of the last change row applied to memory. */
  #seq: number;
  /** The token of that change (null: none applied), which tells this database's change from another's. */
  #token: string | null;
  #reloads = 0;
  /** Memory and database disagree: the next write batch loads everything again. */
  #reloadWanted = false;
  /** The next round trip of catch-up and rate-limit counts, which every request arriving meanwhile joins. */
  #nextRound: { readonly waiting: Deferred; readonly hits: PendingHit[] } | null = null;
  /**
   * Rounds on their way. One at a time: measured, overlapping rounds only cost more CPU (smaller batches,
   * more statements) on the machine the servers and PostgreSQL share.
   */
  #roundsRunning = 0;
  /** The newest change announced by another process (§24), which a round must still apply. */
  #noticed = 0;
  /** Set while a noticed change waits for a round to apply it (`noticeWaitMs`). */
  #noticeTimer: NodeJS.Timeout | undefined;
  /** The newest rate-limit window seen. */
  #latestWindow = Number.NEGATIVE_INFINITY;

  constructor(options: LogFollowerOptions) {
    this.#database = options.database;
    this.#state = options.state;
    this.#seq = options.position.seq;
    this.#token = options.position.token;
    this.#changeListeners = options.changeListeners;
    this.#uncommitted = options.uncommitted;
    this.#reload = options.reload;
    this.#logger = options.logger;
  }

  /** The last change applied to memory. */
  get position(): LogPosition {
    return { seq: this.#seq, token: this.#token };
  }

  /** How many times this process loaded the whole state again after opening. */
  get reloads(): number {
    return this.#reloads;
  }

  /** Whether memory and database disagree, so the next write batch loads everything again. */
  get reloadWanted(): boolean {
    return this.#reloadWanted;
  }

  wantReload(): void {
    this.#reloadWanted = true;
  }

  /**
   * This process committed a batch in one round trip after `missed` (changes of others it had not
   * applied): those, then its own change `own`, are applied like every change read from the log (a round
   * may have applied some already). False when memory could not take them: a reload is wanted.
   */
  appliedOwnCommit(missed: readonly ChangeRow[], own: ChangeRow): boolean {
    this.#apply(missed);
    this.#apply([own]);
    return !this.#reloadWanted;
  }

  /** This process committed the change `position` itself: its writers are in memory already. */
  committed(position: LogPosition): void {
    this.#seq = position.seq;
    this.#token = position.token;
    this.#changeListeners.changed();
  }

  /**
   * Joins the next round. A round already on its way may have read before the write this caller saw
   * acknowledged, so a caller always waits for a round that starts after it arrived: the one it joins
   * starts at once when fewer than `maxRoundsRunning` are on their way, else when one of them ends, with
   * everyone who arrived meanwhile. Requests (`hit`) are counted in the same round trip.
   */
  join(hit: PendingHit | null): Promise<void> {
    this.#nextRound ??= { waiting: deferred(), hits: [] };
    if (hit !== null) this.#nextRound.hits.push(hit);
    const { promise } = this.#nextRound.waiting;
    if (this.#roundsRunning < maxRoundsRunning) void this.#roundLoop();
    return promise;
  }

  /**
   * Another process committed change `seq` (undefined: anything may have been missed). Within
   * `noticeWaitMs` a round applies it: under load a request's round does (or this process's next commit,
   * which brings the changes it missed); else one of its own.
   */
  noticed(seq: number | undefined): void {
    if (seq === undefined) {
      this.join(null).catch(() => {}); // a failed round is tried again at the next notice or request
      return;
    }
    if (seq <= this.#seq) return;
    this.#noticed = Math.max(this.#noticed, seq);
    this.#noticeTimer ??= setTimeout(() => {
      this.#noticeTimer = undefined;
      if (this.#noticed > this.#seq) this.join(null).catch(() => {});
      this.#noticed = 0;
    }, noticeWaitMs);
  }

  /** Forgets a change noticed and not applied yet (the store is closing). */
  close(): void {
    clearTimeout(this.#noticeTimer);
    this.#noticeTimer = undefined;
  }

  /** What a write batch sends with its BEGIN: the write lock, and the first page of changes to apply. */
  lockAndReadSql(): string {
    return lockAndReadChangesSql(this.#seq, catchUpPage);
  }

  /**
   * Under the write lock: applies `firstPage` (the changes read with the lock) and the pages after it,
   * or loads everything again when memory and database disagree. Memory is then the database's state.
   */
  async catchUpUnderLock(sql: Queryable, firstPage: readonly ChangeRow[]): Promise<void> {
    let rows = firstPage;
    for (;;) {
      this.#apply(rows);
      if (this.#reloadWanted) return this.#reloadUnderLock(sql);
      if (rows.length < catchUpPage) return;
      rows = await changesAfter(sql, this.#seq, catchUpPage);
    }
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
    if (this.#uncommitted.pending) await this.#uncommitted.outcome();
    // A database whose last change is before the one this process had applied when it asked went back in
    // time (a restored backup): load it again. (Not `#seq` now: this process may have committed since.)
    // So is one whose change of that number is another than the one applied (restored, then written to).
    if (answer.last < appliedWhenSent || answer.tokenAfter !== tokenWhenSent) this.#reloadWanted = true;
    this.#apply(answer.rows);
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
      if (this.#reloadWanted) return this.#reload();
      const rows = await changesAfter(this.#database, this.#seq, catchUpPage);
      if (this.#uncommitted.pending) await this.#uncommitted.outcome();
      this.#apply(rows);
      if (this.#reloadWanted) return this.#reload();
      if (rows.length < catchUpPage) return;
    }
  }

  /**
   * Applies change rows read from the database, skipping those already applied. A gap (the rows this
   * process needs were pruned) or a change memory cannot take asks for a reload instead.
   */
  #apply(rows: readonly ChangeRow[]): void {
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

  async #reloadUnderLock(tx: Queryable): Promise<void> {
    this.#reloads++;
    const loaded = await loadState(tx);
    this.#state.load(checkStoreData(loaded.data));
    this.#seq = loaded.position.seq;
    this.#token = loaded.position.token;
    this.#reloadWanted = false;
    this.#changeListeners.changed();
  }
}
