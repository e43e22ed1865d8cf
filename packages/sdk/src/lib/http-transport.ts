/**
 * Sends one operation's request over ky and runs the attempts: token per attempt, a timeout per
 * attempt, the caller's AbortSignal, and retries decided by retry-policy.ts. ky's own retry and timeout
 * are off so that those rules are exactly ours, and so a timeout can be told apart from an abort.
 *
 * What a request costs besides fetch's own work is mostly ky's: it merges its options, builds a
 * `Request` that follows ky's own AbortSignal, and fetch copies that `Request` into a second one. Every
 * signal a `Request` follows costs a WeakRef, a listener and a FinalizationRegistry entry (about 5 µs,
 * and garbage that outlives the call). So the attempt's signal (its timeout and the caller's abort) is
 * handed to fetch, where it replaces ky's for the copy, and never to ky: ky would join it to its own
 * with `AbortSignal.any` (about 8 µs more) and make both `Request`s follow the joined signal.
 */
import type { HttpMethod } from '@flagplane/contract';
import ky, { isNetworkError, type Options } from 'ky';
import { type FetchFunction, nonNegativeInteger, type ResolvedClientOptions } from './client-options.js';
import { errorForStatus } from './error-for-status.js';
import { ConnectionError, type FlagplaneError, TimeoutError } from './errors.js';
import { redactSecret } from './redact-secret.js';
import type { RequestOptions } from './request-options.js';
import { type AttemptFailure, decideRetry } from './retry-policy.js';
import { resolveToken } from './token-source.js';
import { sleep, throwIfAborted, userAbortError } from './user-abort.js';

export interface TransportRequest {
  readonly method: HttpMethod;
  /** The concrete path, `/api/v1` included. */
  readonly path: string;
  readonly searchParams?: URLSearchParams;
  /** The body as JSON text: the caller's body exactly as given, serialized once (to measure it). */
  readonly json?: string | undefined;
  /** Sending it twice has the effect of sending it once (the endpoint table's `idempotent`). */
  readonly safeToRepeat: boolean;
}

export interface TransportResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON; text when the answer was not JSON; undefined when empty (204). */
  readonly body: unknown;
  readonly requestId: string | null;
}

type AttemptResult =
  | { readonly ok: true; readonly response: TransportResponse }
  | { readonly ok: false; readonly error: FlagplaneError; readonly failure: AttemptFailure };

/** Connection errors that happen before a byte is sent: even a creation can be sent again. */
const notConnectedCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * What every request tells ky: retries and timeouts are ours (see above), and an error status is an
 * answer to read, not an exception. Spread into each call's options rather than made the defaults of a
 * `ky.create` instance, which ky would merge with each call's options as a second source.
 */
const kyDefaults = { retry: 0, timeout: false, throwHttpErrors: false } as const satisfies Options;

export class HttpTransport {
  readonly #options: ResolvedClientOptions;
  /** Sent with every request; the token is added per attempt. */
  readonly #headers: Readonly<Record<string, string>>;

  constructor(options: ResolvedClientOptions) {
    this.#options = options;
    this.#headers = { accept: 'application/json', ...options.headers };
  }

  async send(request: TransportRequest, call: RequestOptions = {}): Promise<TransportResponse> {
    const settings = {
      ...this.#options.retry,
      maxRetries: nonNegativeInteger('maxRetries', call.maxRetries, this.#options.retry.maxRetries),
    };
    const attempts = settings.maxRetries + 1;
    for (let retriesSoFar = 0; ; retriesSoFar++) {
      const result = await this.#attempt(request, call, `${retriesSoFar + 1} of ${attempts}`);
      if (result.ok) return result.response;
      const decision = decideRetry(result.failure, {
        retriesSoFar,
        safeToRepeat: request.safeToRepeat,
        settings,
        now: Date.now(),
        random: Math.random(),
      });
      if (!decision.retry) throw result.error;
      this.#options.logger.warn(
        `Retrying ${request.method} ${request.path} in ${decision.delayMs} ms: ${result.error.message}`,
        { attempt: retriesSoFar + 2, attempts, delayMs: decision.delayMs },
      );
      await sleep(decision.delayMs, call.signal);
    }
  }

  async #attempt(request: TransportRequest, call: RequestOptions, attempt: string): Promise<AttemptResult> {
    throwIfAborted(call.signal);
    const pendingToken = resolveToken(this.#options.token);
    let token: string;
    if (typeof pendingToken === 'string') token = pendingToken;
    else {
      token = await pendingToken;
      // The caller may have given up while the token function was answering.
      throwIfAborted(call.signal);
    }
    const timeoutMs = nonNegativeInteger('timeout', call.timeout, this.#options.timeoutMs);
    const deadline = new AttemptDeadline(timeoutMs, call.signal);
    const startedAt = Date.now();
    const label = `${request.method} ${request.path}`;
    this.#options.logger.debug(`Sending ${label}`, { attempt });
    try {
      const response = await ky(
        this.#options.baseUrl + request.path,
        this.#kyOptions(request, call, token, deadline.signal),
      );
      // Read within the same timeout and abort as the request itself: the body belongs to that fetch.
      const text = redactSecret(await response.text(), token);
      const answer: TransportResponse = {
        status: response.status,
        headers: response.headers,
        body: parseBody(text, response.headers),
        requestId: response.headers.get('x-request-id'),
      };
      this.#options.logger.debug(`${answer.status} ${label}`, {
        attempt,
        durationMs: Date.now() - startedAt,
        requestId: answer.requestId,
      });
      if (answer.status < 400) return { ok: true, response: answer };
      return {
        ok: false,
        error: errorForStatus({ ...answer, statusText: response.statusText }),
        failure: { kind: 'status', status: answer.status, headers: answer.headers },
      };
    } catch (error) {
      if (call.signal?.aborted) throw userAbortError(call.signal);
      if (deadline.timedOut) {
        return {
          ok: false,
          error: new TimeoutError(`${label} got no answer within ${timeoutMs} ms.`, timeoutMs),
          failure: { kind: 'timeout' },
        };
      }
      if (isNetworkError(error)) {
        // ky's error holds the Request, whose headers hold the token: keep only the underlying cause.
        const cause = error.cause;
        const code = errorCodeOf(cause);
        return {
          ok: false,
          error: new ConnectionError(
            `${label} could not reach ${this.#options.baseUrl}: ${describeCause(cause, token)}`,
            { cause },
          ),
          failure: { kind: 'connection', mayHaveReachedServer: !(code && notConnectedCodes.has(code)) },
        };
      }
      throw error;
    } finally {
      deadline.end();
    }
  }

  /**
   * ky's options for one attempt. ky merges them key by key on every call, so they hold only what this
   * request needs: the headers whole (one object, not defaults plus extras to merge), no `prefix` (the
   * full URL is one concatenation, a prefix two regular expressions), `method` and `json` only when
   * there is something to say.
   */
  #kyOptions(request: TransportRequest, call: RequestOptions, token: string, signal: AbortSignal): Options {
    const options: Options = {
      ...kyDefaults,
      headers: { ...this.#headers, ...call.headers, authorization: `Bearer ${token}` },
      fetch: this.#fetchWithin(signal),
    };
    if (request.method !== 'GET') options.method = request.method;
    if (request.searchParams && request.searchParams.size > 0) options.searchParams = request.searchParams;
    if (request.json !== undefined) {
      // Already JSON text: ky sends it as it is, with the content type it gives any `json`.
      options.json = request.json;
      options.stringifyJson = String;
    }
    return options;
  }

  /**
   * The fetch ky calls for one attempt: the client's fetch (the global one, looked up now, unless the
   * caller gave one), with the attempt's signal in place of ky's. ky never aborts its own signal here
   * (its retry and timeouts are off, and it reads no error bodies since `throwHttpErrors` is off), so
   * replacing it loses nothing.
   */
  #fetchWithin(signal: AbortSignal): FetchFunction {
    const fetch = this.#options.fetch;
    return (input, init) => fetch(input, { ...init, signal });
  }
}

/**
 * One attempt's AbortSignal: aborted when the attempt's timeout passes (0: never) or the caller's
 * signal fires. `end()` once the attempt is over, so neither outlives it.
 */
class AttemptDeadline {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #onCallerAbort: (() => void) | undefined;
  #timedOut = false;

  constructor(timeoutMs: number, callerSignal: AbortSignal | undefined) {
    if (timeoutMs > 0) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#controller.abort();
      }, timeoutMs);
    }
    if (callerSignal) {
      this.#callerSignal = callerSignal;
      this.#onCallerAbort = () => this.#controller.abort(callerSignal.reason);
      callerSignal.addEventListener('abort', this.#onCallerAbort, { once: true });
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Whether the attempt ended because its time was up (rather than by the caller, or not at all). */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  end(): void {
    clearTimeout(this.#timer);
    if (this.#onCallerAbort) this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort);
  }
}

function parseBody(text: string, headers: Headers): unknown {
  if (text.length === 0) return undefined;
  if (!/json/i.test(headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The system error code (`ECONNREFUSED`) somewhere in a fetch failure's chain of causes. */
function errorCodeOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return null;
}

function describeCause(cause: unknown, token: string): string {
  const messages: string[] = [];
  for (let current = cause, depth = 0; current instanceof Error && depth < 5; depth++) {
    messages.push(current.message);
    current = current.cause;
  }
  return redactSecret(messages.join(': ') || 'network error', token);
}
