/** Options of one call, given after the operation's own arguments: `client.flags.list(org, project, {}, { signal })`. */
export interface RequestOptions {
  /** Aborts the call (every attempt, every retry wait, every page of a walk) with a `UserAbortError`. */
  readonly signal?: AbortSignal;
  /** Milliseconds per attempt; 0 for none. @default the client's `timeout` */
  readonly timeout?: number;
  /** @default the client's `maxRetries` */
  readonly maxRetries?: number;
  /** Extra headers for this call. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Options of a conditional call (`client.sdk.flags`, `client.sdk.ofrepEvaluateFlags`). */
export interface ConditionalRequestOptions extends RequestOptions {
  /** The `ETag` of the answer you hold: while it is current, the call resolves to `null` (a 304). */
  readonly ifNoneMatch?: string | undefined;
}
