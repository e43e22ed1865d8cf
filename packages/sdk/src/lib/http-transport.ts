/**
 * Sends one operation's request over ky and runs the attempts: token per attempt, a timeout per
 * attempt, the caller's AbortSignal, and retries decided by retry-policy.ts. ky's own retry and timeout
 * are off so that those rules are exactly ours, and so a timeout can be told apart from an abort.
 */
import type { HttpMethod } from '@flagplane/contract';
import ky, { isNetworkError, type KyInstance } from 'ky';
import { nonNegativeInteger, type ResolvedClientOptions } from './client-options.js';
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
  /** JSON, sent exactly as the caller gave it. */
  readonly body?: unknown;
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

export class HttpTransport {
  readonly #options: ResolvedClientOptions;
  readonly #ky: KyInstance;

  constructor(options: ResolvedClientOptions) {
    this.#options = options;
    this.#ky = ky.create({
      prefix: options.baseUrl,
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      fetch: options.fetch,
      headers: { accept: 'application/json', ...options.headers },
    });
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
    const token = await resolveToken(this.#options.token);
    const timeoutMs = nonNegativeInteger('timeout', call.timeout, this.#options.timeoutMs);
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const onCallerAbort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const startedAt = Date.now();
    const label = `${request.method} ${request.path}`;
    this.#options.logger.debug(`Sending ${label}`, { attempt });
    try {
      const response = await this.#ky(request.path, {
        method: request.method,
        signal: controller.signal,
        headers: { ...call.headers, authorization: `Bearer ${token}` },
        ...(request.searchParams && request.searchParams.size > 0
          ? { searchParams: request.searchParams }
          : {}),
        ...(request.body === undefined ? {} : { json: request.body }),
      });
      // Read within the same timeout and abort as the request itself.
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
      if (timedOut) {
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
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCallerAbort);
    }
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
