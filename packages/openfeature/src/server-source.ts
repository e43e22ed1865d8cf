/**
 * Flags from a Flagplane server: `GET /api/v1/sdk/flags` with a server-side SDK key through the SDK's
 * client (`client.sdk.flags`, its transport, retries and typed errors), then again every
 * `pollIntervalMs` with the ETag held, so an unchanged environment costs a 304 and nothing else. Polls
 * never overlap; a 429 delays the next one past its `Retry-After`; a 401 or 403 (a wrong or revoked key)
 * is fatal and ends polling (§23).
 */
import {
  createClient,
  type FetchFunction,
  FlagplaneError,
  ForbiddenError,
  RateLimitError,
  UnauthorizedError,
} from '@flagplane/sdk';
import type { FlagDataSource, SourceListener } from './data-source.js';

export interface ServerSourceOptions {
  /** The server's address, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string;
  /** A server-side SDK key (`fp_srv_…`): the provider downloads every flag of its environment. */
  readonly sdkKey: string;
  /** How often to ask for changes. @default 30000 */
  readonly pollIntervalMs?: number;
  /** One request's time limit. @default 10000 */
  readonly timeoutMs?: number;
  /** @default globalThis.fetch, looked up at each request */
  readonly fetch?: FetchFunction;
}

export class ServerSource implements FlagDataSource {
  readonly #client: ReturnType<typeof createClient>;
  readonly #pollIntervalMs: number;
  #listener: SourceListener | undefined;
  #etag: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** No request before this time (ms since the epoch): a 429's `Retry-After`. */
  #notBefore = 0;
  #stopped = true;

  constructor(options: ServerSourceOptions) {
    if (!/^fp_srv_/.test(options.sdkKey)) {
      throw new FlagplaneError(
        'the Flagplane provider needs a server-side SDK key (fp_srv_…): it downloads every flag. ' +
          'A browser or another language reads flags with a client-side key through OFREP (/ofrep/v1).',
      );
    }
    this.#pollIntervalMs = options.pollIntervalMs ?? 30_000;
    this.#client = createClient({
      baseUrl: options.baseUrl,
      token: options.sdkKey,
      timeout: options.timeoutMs ?? 10_000,
      // A wait longer than the next poll is left to the next poll.
      maxRetryAfterMs: this.#pollIntervalMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  async start(listener: SourceListener): Promise<void> {
    this.#listener = listener;
    this.#stopped = false;
    try {
      await this.#poll();
    } finally {
      this.#schedule();
    }
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** One download now (a poll on its way is not doubled: this waits for nothing and may overlap none). */
  async #poll(): Promise<void> {
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

  #schedule(): void {
    if (this.#stopped) return;
    const delay = Math.max(this.#pollIntervalMs, this.#notBefore - Date.now());
    this.#timer = setTimeout(() => {
      void this.#poll()
        .catch(() => {}) // told to the listener already
        .finally(() => this.#schedule());
    }, delay);
    this.#timer.unref();
  }
}
