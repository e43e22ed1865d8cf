/**
 * What every method returns: await it for the data, or call `withResponse()` for the data with the
 * status, headers, request id and rate-limit state of the answer.
 */
import type { RateLimit } from './rate-limit.js';

export interface ApiResponse<T> {
  readonly data: T;
  readonly status: number;
  readonly headers: Headers;
  /** The server's `X-Request-Id`: quote it when reporting a problem. */
  readonly requestId: string | null;
  readonly rateLimit: RateLimit;
}

export class ApiPromise<T> implements PromiseLike<T> {
  readonly #start: () => Promise<ApiResponse<T>>;
  #response: Promise<ApiResponse<T>> | undefined;

  /** Sends at once, like any promise, unless `lazy`: then on the first `await` or `withResponse()`. */
  constructor(start: () => Promise<ApiResponse<T>>, options: { readonly lazy?: boolean } = {}) {
    this.#start = start;
    if (!options.lazy) this.withResponse();
  }

  withResponse(): Promise<ApiResponse<T>> {
    this.#response ??= this.#start();
    return this.#response;
  }

  /** Whether the request was sent (a lazy promise that nobody awaited yet was not). */
  protected get started(): boolean {
    return this.#response !== undefined;
  }

  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, so `await` gives the data.
  then<Fulfilled = T, Rejected = never>(
    onFulfilled?: ((value: T) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    // One `then` rather than two (data, then the callbacks): a promise and a microtask less per await.
    return this.withResponse().then(
      (response) => (onFulfilled ? onFulfilled(response.data) : (response.data as unknown as Fulfilled)),
      onRejected,
    );
  }

  catch<Rejected = never>(
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<T | Rejected> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally);
  }

  get [Symbol.toStringTag](): string {
    return 'ApiPromise';
  }
}
