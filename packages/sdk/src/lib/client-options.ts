/** What `createClient` accepts, and how absent options fall back to the environment and defaults. */
import { FlagplaneError } from './errors.js';
import { type FlagplaneLogger, silentLogger } from './logger.js';
import { defaultRetrySettings, type RetrySettings } from './retry-policy.js';
import type { TokenSource } from './token-source.js';

export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** The server's address, without `/api/v1` (`https://flags.example.com`). @default process.env.FLAGPLANE_BASE_URL */
  readonly baseUrl?: string;
  /**
   * A bearer token, or a function returning one (sync or async), called before every request.
   * @default process.env.FLAGPLANE_TOKEN
   */
  readonly token?: TokenSource;
  /**
   * Called as `fetch(request, init)`: pass `init` on, it carries the attempt's AbortSignal (its timeout
   * and the caller's abort).
   * @default the global `fetch`, looked up at each request (so msw and nock see the calls)
   */
  readonly fetch?: FetchFunction;
  /** Milliseconds per attempt; a retry gets a fresh timeout; 0 for none. @default 60000 */
  readonly timeout?: number;
  /** Retries after a failed attempt, when the failure and the operation allow one. @default 2 */
  readonly maxRetries?: number;
  /** A `Retry-After` longer than this is not waited for: the `RateLimitError` is thrown at once. @default 60000 */
  readonly maxRetryAfterMs?: number;
  /** Sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** @default no logging */
  readonly logger?: FlagplaneLogger;
  /** Parse every success body with the contract's schema; a mismatch is a `ResponseValidationError`. @default true */
  readonly validateResponses?: boolean;
}

export interface ResolvedClientOptions {
  readonly baseUrl: string;
  readonly token: TokenSource;
  readonly fetch: FetchFunction;
  readonly timeoutMs: number;
  readonly retry: RetrySettings;
  readonly headers: Readonly<Record<string, string>>;
  readonly logger: FlagplaneLogger;
  readonly validateResponses: boolean;
}

type Environment = Readonly<Record<string, string | undefined>>;

const processEnvironment = (): Environment => globalThis.process?.env ?? {};

export function resolveClientOptions(
  options: ClientOptions,
  environment: Environment = processEnvironment(),
): ResolvedClientOptions {
  const baseUrl = options.baseUrl ?? environment.FLAGPLANE_BASE_URL?.trim();
  if (!baseUrl) {
    throw new FlagplaneError('No server address: pass `baseUrl` to createClient or set FLAGPLANE_BASE_URL.');
  }
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) {
    throw new FlagplaneError(
      `baseUrl must be an http(s) URL like https://flags.example.com; got "${baseUrl}".`,
    );
  }
  const token = options.token ?? environment.FLAGPLANE_TOKEN?.trim();
  if (!token) {
    throw new FlagplaneError('No token: pass `token` to createClient or set FLAGPLANE_TOKEN.');
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    token,
    // Looked up per request, not now: interceptors installed after createClient must still apply.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: nonNegativeInteger('timeout', options.timeout, 60_000),
    retry: {
      ...defaultRetrySettings,
      maxRetries: nonNegativeInteger('maxRetries', options.maxRetries, defaultRetrySettings.maxRetries),
      maxRetryAfterMs: nonNegativeInteger(
        'maxRetryAfterMs',
        options.maxRetryAfterMs,
        defaultRetrySettings.maxRetryAfterMs,
      ),
    },
    headers: options.headers ?? {},
    logger: options.logger ?? silentLogger,
    validateResponses: options.validateResponses ?? true,
  };
}

/** The longest delay a timer can hold; a longer one would fire at once. */
const maxTimerDelayMs = 2_147_483_647;

export function nonNegativeInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > maxTimerDelayMs) {
    throw new FlagplaneError(`${name} must be an integer from 0 to ${maxTimerDelayMs}; got ${value}.`);
  }
  return value;
}
