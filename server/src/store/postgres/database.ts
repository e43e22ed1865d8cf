/**
 * The PostgreSQL connections of one process (§22), through node-postgres (`pg`): a pool, plain queries,
 * and transactions on one connection that commit, or roll back when their work throws.
 *
 * Why `pg`: it has no native code (its native binding is an optional extra we do not install), it is the
 * most used and longest kept PostgreSQL client for Node, and it survives what this store must survive:
 * the database stopping and starting under load. We first built on postgres.js, and these tests found
 * two open defects of its 3.4.9 there: an uncatchable TypeError that ends the process when a connection
 * closes while a small write is scheduled (porsager/postgres#1154, #1208), and queries waiting without
 * end for a connection that keeps reconnecting (#1193).
 */

import { SpanKind } from '@opentelemetry/api';
import pg from 'pg';
import type { StoreLogger } from '../store-logger.js';
import { inSpan, storeSpansOn } from '../store-timings.js';

/** What a query can be sent to: the pool, or one transaction's connection. */
export interface Queryable {
  query<Row = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface QueryOptions {
  /** How long the statement may go unanswered. @default answerWaitMs */
  readonly answerWaitMs?: number;
}

/** A statement sent on every request: prepared once per connection under `name`, then only executed. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export interface DatabaseOptions {
  readonly url: string;
  /** Connections this process opens at most. */
  readonly poolSize: number;
  readonly logger?: StoreLogger | undefined;
}

/** A transaction's connection: queries, and the last statement sent together with the COMMIT. */
export interface TransactionQueryable extends Queryable {
  /**
   * Sends `statements` (no parameters: one simple query; values go in with `literal`) and COMMIT in one
   * round trip, ending the transaction.
   */
  commitAfter(statements: string): Promise<void>;
}

export interface TransactionOptions {
  /** @default 'BEGIN' */
  readonly begin?: string;
  /**
   * Statements sent with the BEGIN in one round trip (no parameters); the rows of the last one are
   * handed to the work.
   */
  readonly opening?: string;
}

/** A value written into SQL text, quoted as PostgreSQL reads it back (pg's escaping). */
export const literal = (value: string): string => pg.escapeLiteral(value);

/** How long a request waits for a free connection, and a write batch for the write lock, before a 503. */
export const connectionWaitMs = 5000;
/** How long a statement may go unanswered, apart from those that read or write the whole state. */
export const answerWaitMs = 15_000;
/** How long reading or writing the whole state may take (a million events). */
export const wholeStateWaitMs = 600_000;

/**
 * A query with its answer deadline. pg reads `query_timeout` from the query config (client.js), though
 * its type declarations do not list it.
 */
function timed(text: string, values: readonly unknown[] | undefined, options: QueryOptions): pg.QueryConfig {
  const config: pg.QueryConfig & { query_timeout: number } = {
    text,
    ...(values === undefined ? {} : { values: [...values] }),
    query_timeout: options.answerWaitMs ?? answerWaitMs,
  };
  return config;
}

/**
 * A statement's span (tracing): named by its first keyword (`SELECT`, `BEGIN`, …), never with its text,
 * which may hold values (a record's JSON, a token's hash).
 */
function inStatementSpan<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!storeSpansOn()) return run();
  const keyword = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'STATEMENT';
  return inSpan(
    `pg ${keyword}`,
    { 'db.system.name': 'postgresql', 'db.operation.name': keyword },
    run,
    SpanKind.CLIENT,
  );
}

export class Database implements Queryable {
  readonly #pool: pg.Pool;

  constructor(options: DatabaseOptions) {
    this.#pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: connectionWaitMs,
      // A write lock held longer than this means a stuck process: refuse (503) rather than wait on.
      lock_timeout: connectionWaitMs,
      // A database that stops answering (a network that drops packets) is given up on: the statement
      // gets an error (503), and the connection is closed.
      query_timeout: answerWaitMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'flagplane-server',
    });
    // An idle connection that the database closes (a restart) is reported here; without a listener
    // it would end the process. The pool drops it and opens another when one is needed.
    this.#pool.on('error', (error) => {
      options.logger?.warn({ err: error }, 'store: an idle PostgreSQL connection was closed');
    });
  }

  async query<Row = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
    options: QueryOptions = {},
  ): Promise<Row[]> {
    const result = await inStatementSpan(text, () => this.#pool.query(timed(text, values, options)));
    return result.rows as Row[];
  }

  /** Runs a prepared statement: PostgreSQL parses and plans it once per connection, not on every call. */
  async execute<Row = Record<string, unknown>>(
    statement: PreparedStatement,
    values: readonly unknown[],
  ): Promise<Row[]> {
    const result = await inStatementSpan(statement.text, () =>
      this.#pool.query({ name: statement.name, text: statement.text, values: [...values] }),
    );
    return result.rows as Row[];
  }

  /**
   * Runs `work` in a transaction on one connection: COMMIT when it resolves (unless it committed with
   * `commitAfter`), ROLLBACK when it throws (and the error is rethrown). A connection whose transaction
   * failed is closed, not reused: it may be the reason.
   */
  async transaction<T>(
    work: (tx: TransactionQueryable, opened: Record<string, unknown>[]) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    const client = await this.#pool.connect();
    // pg reports a checked-out connection's failure on the client too: noted, and answered by the query.
    const ignore = () => {};
    client.on('error', ignore);
    let failed = false;
    let committed = false;
    try {
      const begin = options.begin ?? 'BEGIN';
      const send = async (text: string, values?: readonly unknown[], wait: QueryOptions = {}) =>
        inStatementSpan(text, () => client.query(timed(text, values, wait)));
      const opening = await send(options.opening ? `${begin}; ${options.opening}` : begin);
      const opened = Array.isArray(opening)
        ? ((opening.at(-1) as pg.QueryResult | undefined)?.rows ?? [])
        : [];
      const result = await work(
        {
          query: async <Row>(text: string, values?: readonly unknown[], wait?: QueryOptions) =>
            (await send(text, values, wait)).rows as Row[],
          commitAfter: async (statements: string) => {
            await send(`${statements}; COMMIT`);
            committed = true;
          },
        },
        opened,
      );
      if (!committed) await send('COMMIT');
      return result;
    } catch (error) {
      failed = true;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.off('error', ignore);
      client.release(failed);
    }
  }

  /**
   * Resolves once the database answers `SELECT 1` within `timeoutMs` (waiting for a free connection
   * included), rejects otherwise: `GET /readyz`.
   */
  async ping(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const query = this.#pool.query(timed('SELECT 1', undefined, { answerWaitMs: timeoutMs }));
    query.catch(() => {}); // after a timeout its own failure no longer matters
    try {
      await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The pool's connections now (`GET /metrics`). */
  poolStats(): { total: number; idle: number; waiting: number } {
    return { total: this.#pool.totalCount, idle: this.#pool.idleCount, waiting: this.#pool.waitingCount };
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}
