/**
 * §22: the store behind the server cannot be reached (a database that is down, restarting or refusing
 * connections). The route loop answers it `503 unavailable` with `Retry-After`, never as a 500: nothing
 * is wrong with the request, and the same request may succeed in a moment.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  /** Seconds after which trying again makes sense. */
  readonly retryAfter: number;

  constructor(message: string, options: { cause?: unknown; retryAfter?: number } = {}) {
    super(message, { cause: options.cause });
    this.retryAfter = options.retryAfter ?? 1;
  }
}
