/**
 * §24 on PostgreSQL: a connection of its own that LISTENs on `flagplane_changes` (announced by a trigger
 * on every committed change row, migration 002), so this process learns of another process's commit at
 * once and catches up, and the change streams it holds hear of it within a second. When the connection
 * drops it is opened again, with a growing pause; on every (re)connection the process catches up fully,
 * since notifications sent while it was away are lost.
 */
import pg from 'pg';
import type { StoreLogger } from '../store-logger.js';

export const changeChannel = 'flagplane_changes';

export interface ChangeNotificationOptions {
  readonly url: string;
  readonly logger?: StoreLogger | undefined;
  /**
   * A change was committed (its number and token; by this process too), or the connection was just made
   * (undefined: anything may have been missed): catch up.
   */
  readonly onNotice: (change: NoticedChange | undefined) => void;
}

/** What a notification names: the change's number, and its token (null from a server before migration 003). */
export interface NoticedChange {
  readonly seq: number;
  readonly token: string | null;
}

/** The payload is `seq token` (migration 003), or `seq` alone (002): anything else names no change. */
export function parseNotice(payload: string | undefined): NoticedChange | undefined {
  const [seqText = '', token] = (payload ?? '').split(' ', 2);
  const seq = Number(seqText);
  if (seqText === '' || !Number.isSafeInteger(seq)) return undefined;
  return { seq, token: token ?? null };
}

const firstPauseMs = 200;
// Short enough that a database back from a restart is heard of again within seconds.
const longestPauseMs = 2_000;

export class ChangeNotifications {
  readonly #options: ChangeNotificationOptions;
  #client: pg.Client | null = null;
  #pauseMs = firstPauseMs;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: ChangeNotificationOptions) {
    this.#options = options;
  }

  /** Connects and listens; resolves once listening (or once the first attempt failed: it retries alone). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#options.url,
      application_name: 'flagplane-server-changes',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const lost = (error?: Error) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => {});
      if (error)
        this.#options.logger?.warn({ err: error }, 'store: the change notifications connection was lost');
      this.#retry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== changeChannel) return;
      this.#options.onNotice(parseNotice(message.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${changeChannel}`);
    } catch (error) {
      client.end().catch(() => {});
      if (!this.#closed) {
        this.#options.logger?.warn({ err: error }, 'store: cannot listen for change notifications yet');
        this.#retry();
      }
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#pauseMs = firstPauseMs;
    // Whatever was committed while this process was not listening was never announced to it.
    this.#options.onNotice(undefined);
  }

  #retry(): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#connect(), this.#pauseMs);
    this.#timer.unref();
    this.#pauseMs = Math.min(this.#pauseMs * 2, longestPauseMs);
  }
}
