/**
 * Flags from a Flagplane server, through `@flagplane/sdk` (its transport, retries and typed errors):
 * `GET /api/v1/sdk/flags` with a server-side SDK key, then kept current two ways (§24):
 *
 * - **streaming** (the default): the change stream (`client.sdk.stream`) tells of every change within a
 *   second, and each event is fetched at once with the ETag held (a 304 when another event already did).
 *   The stream is opened with the version held as `Last-Event-ID`, so a change made while it was away is
 *   told at once when it comes back (and, as OFREP's ADR-0008 asks, a return fetches at once anyway); a
 *   stream that goes quiet past three of the server's beats is taken for dead and opened again.
 * - **polling**, while the stream cannot be had (and always with `stream: false`): a fetch every
 *   `pollIntervalMs`. A lost stream is fetched at once (whatever changed meanwhile) and then tried again
 *   with a growing pause; polling covers the gap.
 *
 * Fetches never overlap; a 429 delays the next past its `Retry-After`; a 401 or 403 (a wrong or revoked
 * key) is fatal and ends everything (§23).
 */
import {
  createClient,
  type EventStream,
  type FetchFunction,
  FlagplaneError,
  ForbiddenError,
  RateLimitError,
  UnauthorizedError,
} from '@flagplane/sdk';
import type { DeliveryMode, FlagDataSource, SourceListener } from './data-source.js';

export interface ServerSourceOptions {
  /** The server's address, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string;
  /** A server-side SDK key (`fp_srv_…`): the provider downloads every flag of its environment. */
  readonly sdkKey: string;
  /** Listen to the change stream and fetch on each change (§24); false: poll only. @default true */
  readonly stream?: boolean;
  /** How often to ask for changes while not streaming. @default 30000 */
  readonly pollIntervalMs?: number;
  /** One request's time limit (a stream's: until it opens). @default 10000 */
  readonly timeoutMs?: number;
  /** @default globalThis.fetch, looked up at each request */
  readonly fetch?: FetchFunction;
}

const firstReconnectMs = 500;
const longestReconnectMs = 30_000;
/** The server beats every 15 s: three missed beats is a dead connection. */
const silenceLimitMs = 45_000;

export class ServerSource implements FlagDataSource {
  readonly #client: ReturnType<typeof createClient>;
  readonly #pollIntervalMs: number;
  readonly #streaming: boolean;
  #listener: SourceListener | undefined;
  #etag: string | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  #reconnectMs = firstReconnectMs;
  #stream: EventStream<unknown> | undefined;
  #mode: Extract<DeliveryMode, 'streaming' | 'polling'> = 'polling';
  /** No request before this time (ms since the epoch): a 429's `Retry-After`. */
  #notBefore = 0;
  /** A fetch is on its way; `#fetchAgain`: a change was told meanwhile, fetch once more after it. */
  #fetching: Promise<void> | null = null;
  #fetchAgain = false;
  #stopped = true;
  /** A stream was open before: the next one is a return after a loss. */
  #openedBefore = false;

  constructor(options: ServerSourceOptions) {
    if (!/^fp_srv_/.test(options.sdkKey)) {
      throw new FlagplaneError(
        'the Flagplane provider needs a server-side SDK key (fp_srv_…): it downloads every flag. ' +
          'A browser or another language reads flags with a client-side key through OFREP (/ofrep/v1).',
      );
    }
    this.#pollIntervalMs = options.pollIntervalMs ?? 30_000;
    this.#streaming = options.stream ?? true;
    this.#client = createClient({
      baseUrl: options.baseUrl,
      token: options.sdkKey,
      timeout: options.timeoutMs ?? 10_000,
      // A wait longer than the next poll is left to the next poll.
      maxRetryAfterMs: this.#pollIntervalMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  get mode(): DeliveryMode {
    return this.#mode;
  }

  async start(listener: SourceListener): Promise<void> {
    this.#listener = listener;
    this.#stopped = false;
    try {
      await this.#fetch();
    } finally {
      if (!this.#stopped) {
        this.#schedulePoll();
        if (this.#streaming) void this.#connect();
      }
    }
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#pollTimer);
    clearTimeout(this.#reconnectTimer);
    clearInterval(this.#watchdog);
    this.#stream?.close();
    this.#stream = undefined;
  }

  /** The version held: the ETag of the document without its quotes (what the stream's ids are). */
  get #version(): string | undefined {
    return this.#etag?.slice(1, -1);
  }

  /** One download now; a change told while one is on its way gets one more after it. */
  #fetch(): Promise<void> {
    if (this.#fetching) {
      this.#fetchAgain = true;
      return this.#fetching;
    }
    this.#fetching = (async () => {
      try {
        do {
          this.#fetchAgain = false;
          await this.#fetchOnce();
        } while (this.#fetchAgain && !this.#stopped);
      } finally {
        this.#fetching = null;
      }
    })();
    return this.#fetching;
  }

  async #fetchOnce(): Promise<void> {
    const listener = this.#listener;
    if (!listener) return;
    try {
      const options = this.#etag === undefined ? {} : { ifNoneMatch: this.#etag };
      const { data, headers } = await this.#client.sdk.flags(options).withResponse();
      if (this.#stopped) return;
      if (data !== null) {
        this.#etag = headers.get('etag') ?? undefined;
        listener.updated(data);
      }
      listener.fresh();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (this.#stopped) throw failure;
      if (error instanceof UnauthorizedError || error instanceof ForbiddenError) {
        this.stop();
        listener.fatal(failure);
        throw failure;
      }
      if (error instanceof RateLimitError && error.retryAfter !== null) {
        this.#notBefore = Date.now() + error.retryAfter * 1000;
      }
      listener.failed(failure);
      throw failure;
    }
  }

  /** The next poll, unless streaming (then none is needed). */
  #schedulePoll(): void {
    clearTimeout(this.#pollTimer);
    if (this.#stopped || this.#mode === 'streaming') return;
    const delay = Math.max(this.#pollIntervalMs, this.#notBefore - Date.now());
    this.#pollTimer = setTimeout(() => {
      void this.#fetch()
        .catch(() => {}) // told to the listener already
        .finally(() => this.#schedulePoll());
    }, delay);
    this.#pollTimer.unref();
  }

  /** Opens the change stream and fetches on each change it tells; falls back to polling when it ends. */
  async #connect(): Promise<void> {
    if (this.#stopped || this.#stream) return;
    let stream: EventStream<unknown>;
    try {
      stream = await this.#client.sdk.stream({}, { lastEventId: this.#version });
    } catch (error) {
      if (error instanceof UnauthorizedError || error instanceof ForbiddenError) {
        // The key is refused: a fetch says so to the listener (fatal), and ends everything.
        void this.#fetch().catch(() => {});
        return;
      }
      this.#reconnectLater();
      return;
    }
    if (this.#stopped) {
      stream.close();
      return;
    }
    this.#stream = stream;
    this.#mode = 'streaming';
    this.#reconnectMs = firstReconnectMs;
    clearTimeout(this.#pollTimer);
    // Back after a loss: fetch at once, as OFREP's ADR-0008 asks (a 304 when nothing was missed). It also
    // says the server answers again, whatever the status said while it was gone.
    if (this.#openedBefore) void this.#fetch().catch(() => {});
    this.#openedBefore = true;
    this.#watchdog = setInterval(() => {
      if (Date.now() - stream.lastReceivedAt > silenceLimitMs) stream.close();
    }, silenceLimitMs / 3);
    this.#watchdog.unref();
    try {
      for await (const event of stream) {
        // Told of a change: fetch it, unless the document held is that version already.
        if (event.id === undefined || event.id !== this.#version) void this.#fetch().catch(() => {});
      }
    } catch {
      // The connection was lost: handled below, like a stream the server ended.
    }
    clearInterval(this.#watchdog);
    this.#stream = undefined;
    if (this.#stopped) return;
    this.#mode = 'polling';
    // Whatever changed while the stream was going is fetched now; polling covers until it is back.
    void this.#fetch()
      .catch(() => {})
      .finally(() => this.#schedulePoll());
    this.#reconnectLater();
  }

  #reconnectLater(): void {
    if (this.#stopped) return;
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => void this.#connect(), this.#reconnectMs);
    this.#reconnectTimer.unref();
    this.#reconnectMs = Math.min(this.#reconnectMs * 2, longestReconnectMs);
  }
}
