/**
 * §24: the change streams this process holds (`GET /api/v1/sdk/stream`), and what tells them. Each time
 * the store changed (this process's writes, or, on PostgreSQL, another's once applied here), every
 * environment that has streams is looked at once: its version (the delivery document's ETag: what
 * `GET /api/v1/sdk/flags` or OFREP would answer) is compared with the one its streams were last told, and
 * a change is sent as OFREP's `refetchEvaluation`, with the version as the event's id. A stream whose key
 * was revoked, or whose environment is gone, is closed at that same look, within a second. A comment line
 * every 15 s keeps proxies from closing quiet streams. Nothing here costs anything while no stream is open.
 */
import type { SdkChangeEvent } from '@flagplane/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Store, StoreView } from '../../store/store.js';
import { environmentVersion } from './environment-version.js';

/** One open stream: where it reads, and how to reach its client. */
export interface ChangeStream {
  readonly keyId: string;
  readonly environmentId: string;
  /** The version its client holds: told every change after it. */
  version: string;
  /** Writes SSE text; false when the connection is gone. */
  readonly write: (text: string) => boolean;
  /** Ends the answer (the client reconnects, elsewhere if this server is stopping). */
  readonly end: () => void;
}

export interface ChangeStreamsOptions {
  readonly store: Store;
  readonly clock: () => Date;
  readonly log: FastifyBaseLogger;
  /** @default 15000 */
  readonly heartbeatMs?: number;
}

/** An event as SSE text: OFREP's `message` event, its data the change, its id the new version. */
export function changeEventText(version: string, at: Date): string {
  const event: SdkChangeEvent = {
    type: 'refetchEvaluation',
    etag: version,
    lastModified: Math.floor(at.getTime() / 1000),
  };
  return `id: ${version}\ndata: ${JSON.stringify(event)}\n\n`;
}

export class ChangeStreams {
  readonly #options: ChangeStreamsOptions;
  /** Open streams by environment id. */
  readonly #byEnvironment = new Map<string, Set<ChangeStream>>();
  #unsubscribe: (() => void) | null = null;
  #heartbeat: NodeJS.Timeout | undefined;
  /** A look is on its way; `#again`: the store changed meanwhile, look once more after it. */
  #looking = false;
  #again = false;
  #closed = false;
  /** When this process heard of the change the next look tells (`performance.now()`), if it did. */
  #heardAt: number | null = null;
  /** Where the time from hearing of a change to telling the streams goes (`GET /metrics`). */
  #reportDelivery: ((seconds: number) => void) | null = null;

  constructor(options: ChangeStreamsOptions) {
    this.#options = options;
  }

  /**
   * Reports, for every change that reached at least one stream, the seconds from this process hearing of
   * it (its own commit, or another process's change applied here, §22) to every stream told.
   */
  reportDeliveriesTo(report: ((seconds: number) => void) | null): void {
    this.#reportDelivery = report;
  }

  /** How many streams are open (for tests, the bench and operations). */
  get size(): number {
    let count = 0;
    for (const streams of this.#byEnvironment.values()) count += streams.size;
    return count;
  }

  /** Holds `stream` until its client goes or `close` ends it. Returns what forgets it. */
  add(stream: ChangeStream): () => void {
    if (this.#closed) {
      stream.end();
      return () => {};
    }
    let streams = this.#byEnvironment.get(stream.environmentId);
    if (!streams) {
      streams = new Set();
      this.#byEnvironment.set(stream.environmentId, streams);
    }
    streams.add(stream);
    this.#start();
    return () => this.#remove(stream);
  }

  /** Ends every stream and stops listening (the server is stopping: clients reconnect elsewhere). */
  close(): void {
    this.#closed = true;
    this.#stop();
    for (const streams of this.#byEnvironment.values()) for (const stream of streams) stream.end();
    this.#byEnvironment.clear();
  }

  #remove(stream: ChangeStream): void {
    const streams = this.#byEnvironment.get(stream.environmentId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.#byEnvironment.delete(stream.environmentId);
    if (this.#byEnvironment.size === 0) this.#stop();
  }

  /** The first stream: listen to the store, and beat. */
  #start(): void {
    if (this.#unsubscribe !== null) return;
    this.#unsubscribe = this.#options.store.onChange(() => {
      this.#heardAt ??= performance.now();
      void this.#look();
    });
    const heartbeatMs = this.#options.heartbeatMs ?? 15_000;
    this.#heartbeat = setInterval(() => this.#beat(), heartbeatMs);
    this.#heartbeat.unref();
  }

  /** No stream left: nothing to listen for. */
  #stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  #beat(): void {
    for (const streams of this.#byEnvironment.values()) {
      for (const stream of streams) if (!stream.write(': keep-alive\n\n')) this.#remove(stream);
    }
  }

  /** One look at every environment with streams; changes that arrive meanwhile get one more look. */
  async #look(): Promise<void> {
    if (this.#looking) {
      this.#again = true;
      return;
    }
    this.#looking = true;
    try {
      do {
        this.#again = false;
        const heardAt = this.#heardAt;
        this.#heardAt = null;
        // A read: answered once what it sees is durable, so a client's refetch finds what it was told.
        const told = await this.#options.store.read((view) => this.#compare(view));
        const now = this.#options.clock();
        let toldAny = false;
        for (const { stream, version } of told) {
          if (version === null) {
            stream.end();
            this.#remove(stream);
          } else if (stream.version !== version) {
            stream.version = version;
            toldAny = true;
            if (!stream.write(changeEventText(version, now))) this.#remove(stream);
          }
        }
        if (toldAny && heardAt !== null) this.#reportDelivery?.((performance.now() - heardAt) / 1000);
      } while (this.#again && !this.#closed);
    } catch (error) {
      this.#options.log.warn({ err: error }, 'change streams: could not look at the changes');
    } finally {
      this.#looking = false;
    }
  }

  /** Each stream's environment version in `view`, or null where its key or environment is gone. */
  #compare(view: StoreView): { stream: ChangeStream; version: string | null }[] {
    const told: { stream: ChangeStream; version: string | null }[] = [];
    for (const [environmentId, streams] of this.#byEnvironment) {
      const version = environmentVersion(view, environmentId);
      for (const stream of streams) {
        const key = view.get('sdkKeys', stream.keyId);
        told.push({ stream, version: key?.isActive ? version : null });
      }
    }
    return told;
  }
}
