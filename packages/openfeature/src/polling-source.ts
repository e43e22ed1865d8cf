/**
 * The environment's document, kept current: `GET /api/v1/sdk/flags` with a server-side SDK key, then
 * again every `pollIntervalMs` with `If-None-Match`, so an unchanged environment costs a 304 and nothing
 * else. A failed poll (network, 5xx, a body that is not the contract's document) keeps the last good
 * document; the next poll tries again.
 */
import {
  endpoints,
  type SdkFlagsDocument,
  SdkFlagsDocument as SdkFlagsDocumentSchema,
} from '@flagplane/contract';

const deliveryPaths = { flags: endpoints.getSdkFlags.path };

export interface PollingOptions {
  /** The server's address, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string;
  /** A server-side SDK key (`fp_srv_…`). */
  readonly sdkKey: string;
  /** How often to ask for changes. @default 30000 */
  readonly pollIntervalMs?: number;
  /** One request's time limit. @default 10000 */
  readonly timeoutMs?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

export interface SourceListener {
  /** A new document (the first, or a changed one). */
  updated(document: SdkFlagsDocument, previous: SdkFlagsDocument | undefined): void;
  /** The document is current (a 200 or a 304): called after `updated` when there was one. */
  fresh(): void;
  /** A fetch failed; the last good document (if any) stays in use. */
  failed(error: Error): void;
}

export class PollingSource {
  readonly #options: Required<Omit<PollingOptions, 'fetch'>> & { fetch: typeof fetch };
  #document: SdkFlagsDocument | undefined;
  #etag: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** A poll is on its way: the next tick skips, so answers never arrive out of order. */
  #polling = false;
  #stopped = false;

  constructor(
    options: PollingOptions,
    private readonly listener: SourceListener,
  ) {
    if (!/^fp_srv_/.test(options.sdkKey)) {
      throw new Error(
        'the Flagplane provider needs a server-side SDK key (fp_srv_…): it downloads every flag',
      );
    }
    this.#options = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      sdkKey: options.sdkKey,
      pollIntervalMs: options.pollIntervalMs ?? 30_000,
      timeoutMs: options.timeoutMs ?? 10_000,
      fetch: options.fetch ?? globalThis.fetch,
    };
  }

  get document(): SdkFlagsDocument | undefined {
    return this.#document;
  }

  /** The first fetch (rejects when it fails), then polling, whatever its outcome. */
  async start(): Promise<void> {
    this.#stopped = false;
    this.#timer ??= setInterval(() => {
      if (!this.#polling) void this.refresh().catch(() => {});
    }, this.#options.pollIntervalMs);
    this.#timer.unref();
    await this.refresh();
  }

  /** No more polls; one on its way is ignored when it answers. */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One fetch now. Resolves when the document is current; rejects (after telling the listener) if not. */
  async refresh(): Promise<void> {
    this.#polling = true;
    try {
      await this.#fetchOnce();
    } finally {
      this.#polling = false;
    }
  }

  async #fetchOnce(): Promise<void> {
    try {
      const response = await this.#options.fetch(`${this.#options.baseUrl}${deliveryPaths.flags}`, {
        headers: {
          authorization: `Bearer ${this.#options.sdkKey}`,
          accept: 'application/json',
          ...(this.#etag ? { 'if-none-match': this.#etag } : {}),
        },
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      if (this.#stopped) return;
      if (response.status === 304) {
        this.listener.fresh();
        return;
      }
      if (!response.ok) {
        throw new Error(
          `GET ${deliveryPaths.flags} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
        );
      }
      const parsed = SdkFlagsDocumentSchema.safeParse(await response.json());
      if (!parsed.success)
        throw new Error(`GET ${deliveryPaths.flags} answered a body that is not a flags document`);
      if (this.#stopped) return;
      const previous = this.#document;
      this.#document = parsed.data;
      this.#etag = response.headers.get('etag') ?? undefined;
      this.listener.updated(parsed.data, previous);
      this.listener.fresh();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (!this.#stopped) this.listener.failed(failure);
      throw failure;
    }
  }
}
