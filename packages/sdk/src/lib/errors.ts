/**
 * Every error the SDK throws, one hierarchy:
 *
 * FlagplaneError
 * ├── ApiError                  the server answered an error status (a generic one for 405, 415, …)
 * │   ├── BadRequestError       400 bad_request
 * │   │   └── ValidationError   400 validation_failed, from the server or found before sending
 * │   ├── UnauthorizedError     401
 * │   ├── ForbiddenError        403
 * │   ├── NotFoundError         404, with didYouMean
 * │   ├── ConflictError         409, with nextActions
 * │   ├── PayloadTooLargeError  413, from the server or found before sending (a body over 1 MiB)
 * │   ├── RateLimitError        429, with retryAfter
 * │   └── InternalServerError   500 and every other 5xx
 * ├── ConnectionError           no answer: refused, reset, DNS
 * │   └── TimeoutError          no answer within the per-attempt timeout
 * ├── UserAbortError            the caller's AbortSignal fired
 * └── ResponseValidationError   a success body that does not match the contract
 *
 * A FlagplaneError itself (none of the above): options createClient cannot use, or the contract's schemas
 * that could not be loaded (load-contract-checks.ts).
 *
 * Which class a status becomes is decided in one place: error-for-status.ts.
 */
import type { NextAction } from '@flagplane/contract';
import { maxRequestBodyBytes } from './request-body.js';

export class FlagplaneError extends Error {
  override readonly name: string = 'FlagplaneError';
}

/** What an error answer carried, read leniently from its body and headers. */
export interface ApiErrorDetails {
  readonly status: number;
  /** The body's `error` code (`not_found`, `validation_failed`, …); `unknown` when the body had none. */
  readonly error: string;
  /** The body's `message`, or the status text when the body had none. */
  readonly message: string;
  readonly docsUrl: string | null;
  readonly requestId: string | null;
  /** The body as received: parsed JSON, or text when it was not JSON, or undefined when empty. */
  readonly body: unknown;
  readonly headers: Headers;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly didYouMean?: readonly string[];
  readonly nextActions?: readonly NextAction[];
  /** Seconds, from the body's `retry_after` or the `Retry-After` header. */
  readonly retryAfter?: number | null;
}

export class ApiError extends FlagplaneError {
  override readonly name: string = 'ApiError';
  readonly status: number;
  /** The wire `error` code. */
  readonly error: string;
  readonly docsUrl: string | null;
  readonly requestId: string | null;
  readonly body: unknown;
  readonly headers: Headers;
  /** Close keys or names the server suggests (a 404 for a misspelt key, a bad enum value). */
  readonly didYouMean: readonly string[];
  /** Follow-up requests the server suggests (the existing resource of a 409, `restore` for an archived flag). */
  readonly nextActions: readonly NextAction[];
  /** Seconds to wait before trying again, when the server said (a 429, a 503). */
  readonly retryAfter: number | null;

  constructor(details: ApiErrorDetails) {
    super(describe(details));
    this.status = details.status;
    this.error = details.error;
    this.docsUrl = details.docsUrl;
    this.requestId = details.requestId;
    this.body = details.body;
    this.headers = details.headers;
    this.didYouMean = details.didYouMean ?? [];
    this.nextActions = details.nextActions ?? [];
    this.retryAfter = details.retryAfter ?? null;
  }
}

/** One line that is useful on its own in a log: `404 not_found: Flag "x" was not found. Did you mean: y? (request 1)`. */
function describe(details: ApiErrorDetails): string {
  let line = `${details.status} ${details.error}: ${details.message}`;
  if (details.didYouMean && details.didYouMean.length > 0) {
    line += ` Did you mean: ${details.didYouMean.join(', ')}?`;
  }
  if (details.nextActions && details.nextActions.length > 0) {
    line += ` Next: ${details.nextActions.map((action) => `${action.method} ${action.path}`).join(', ')}.`;
  }
  if (details.requestId) line += ` (request ${details.requestId})`;
  return line;
}

export class BadRequestError extends ApiError {
  override readonly name: string = 'BadRequestError';
}

export class ValidationError extends BadRequestError {
  override readonly name: string = 'ValidationError';
  /** Dotted paths into the body (`variations.1.value`) and their messages, as the server names them. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** true when the SDK found the problem before sending: no request was made. */
  readonly detectedBeforeSending: boolean;

  constructor(details: ApiErrorDetails, options: { detectedBeforeSending?: boolean } = {}) {
    super(details);
    this.fields = details.fields ?? {};
    this.detectedBeforeSending = options.detectedBeforeSending ?? false;
  }
}

export class UnauthorizedError extends ApiError {
  override readonly name: string = 'UnauthorizedError';
}

export class ForbiddenError extends ApiError {
  override readonly name: string = 'ForbiddenError';
}

export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
}

export class ConflictError extends ApiError {
  override readonly name: string = 'ConflictError';
}

export class PayloadTooLargeError extends ApiError {
  override readonly name: string = 'PayloadTooLargeError';
  /** true when the SDK measured the body before sending: no request was made. */
  readonly detectedBeforeSending: boolean;
  /** The body's size in UTF-8 bytes of JSON, when the SDK measured it (null for the server's 413). */
  readonly bodyBytes: number | null;
  /** The most the server accepts: 1 MiB, 1,048,576 bytes. */
  readonly maxBodyBytes: number;

  constructor(details: ApiErrorDetails, measured?: { readonly bodyBytes: number }) {
    super(details);
    this.detectedBeforeSending = measured !== undefined;
    this.bodyBytes = measured?.bodyBytes ?? null;
    this.maxBodyBytes = maxRequestBodyBytes;
  }
}

/** 429 `rate_limited`: `retryAfter` says when the window ends. */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
}

export class InternalServerError extends ApiError {
  override readonly name: string = 'InternalServerError';
}

/**
 * 503 `unavailable`: the server cannot reach its store for a moment (§22). Safe requests are retried
 * after `Retry-After`; a creation answered 503 may or may not have been applied.
 */
export class ServiceUnavailableError extends InternalServerError {
  override readonly name: string = 'ServiceUnavailableError';
}

/** No answer came back: the connection was refused or reset, or the name did not resolve. */
export class ConnectionError extends FlagplaneError {
  override readonly name: string = 'ConnectionError';
}

export class TimeoutError extends ConnectionError {
  override readonly name: string = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(message: string, timeoutMs: number) {
    super(message);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired; `cause` is the signal's reason. */
export class UserAbortError extends FlagplaneError {
  override readonly name: string = 'UserAbortError';
}

/** A success answer whose body does not match the contract's schema (with `validateResponses` on). */
export class ResponseValidationError extends FlagplaneError {
  override readonly name: string = 'ResponseValidationError';
  readonly status: number;
  readonly requestId: string | null;
  /** Dotted paths into the body and what is wrong there. */
  readonly issues: Readonly<Record<string, readonly string[]>>;
  /** The first path that did not match. */
  readonly path: string;
  readonly body: unknown;

  constructor(details: {
    readonly operation: string;
    readonly status: number;
    readonly requestId: string | null;
    readonly issues: Readonly<Record<string, readonly string[]>>;
    readonly body: unknown;
  }) {
    const entries = Object.entries(details.issues);
    const [path, messages] = entries[0] ?? ['body', ['is invalid']];
    const others = entries.length > 1 ? ` (and ${entries.length - 1} more)` : '';
    const request = details.requestId ? ` (request ${details.requestId})` : '';
    super(
      `The ${details.status} answer of ${details.operation} does not match the contract: ${path}: ${messages[0]}${others}.${request}`,
    );
    this.status = details.status;
    this.requestId = details.requestId;
    this.issues = details.issues;
    this.path = path;
    this.body = details.body;
  }
}
