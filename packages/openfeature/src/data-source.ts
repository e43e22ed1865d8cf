/**
 * Where a provider's flags come from: a Flagplane server (server-source.ts) or a desired-state document,
 * watched on disk (file-source.ts). Both hand the provider evaluation data and tell it how fetching goes;
 * the provider turns that into OpenFeature's statuses and events (provider-status.ts).
 */
import type { EvaluationData } from '@flagplane/evaluation';

export interface SourceListener {
  /** New data: the first, or a change. */
  updated(data: EvaluationData): void;
  /** The data held is current (a check answered: a 200 or a 304, a file read again). */
  fresh(): void;
  /** A check failed; the data held (if any) stays in use and the source tries again. */
  failed(error: Error): void;
  /** The source can never succeed (the key is wrong or revoked): it has stopped. */
  fatal(error: Error): void;
}

/**
 * How a source keeps its flags current: `streaming` (a server's change stream), `polling` (a server, asked
 * every interval), `watching` (a file, read again when it changes), `static` (a document given as data).
 */
export type DeliveryMode = 'streaming' | 'polling' | 'watching' | 'static';

export interface FlagDataSource {
  /** How it keeps the flags current right now. */
  readonly mode: DeliveryMode;
  /** The first data (rejects when it cannot be had), then keeps it current until `stop()`, whatever happened. */
  start(listener: SourceListener): Promise<void>;
  stop(): void;
}
