/**
 * Domain errors: each carries the wire `error` code (§15) and what the error body needs. Services throw
 * them; one handler (plugins/error-handler.ts) turns them into the document's error body.
 */
import {
  type ErrorCode,
  errorStatus,
  type NextAction,
  type OfrepErrorCode,
  type ValidationFailure,
} from '@flagplane/contract';

export interface ApiErrorDetails {
  readonly fields?: Record<string, string[]>;
  readonly didYouMean?: readonly string[];
  readonly nextActions?: readonly NextAction[];
  readonly retryAfter?: number;
  /** Extra response headers (Allow on a 405, Retry-After on a 429). */
  readonly headers?: Record<string, string>;
  /** On OFREP's paths (§23): the code its error body names, and the flag it is about. */
  readonly ofrep?: { readonly errorCode: OfrepErrorCode; readonly key?: string };
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = errorStatus[code];
  }
}

export const notFound = (what: string, didYouMean: readonly string[] = []): ApiError =>
  new ApiError('not_found', `${what} was not found.`, didYouMean.length > 0 ? { didYouMean } : {});

export const validationFailed = (message: string, details: ApiErrorDetails = {}): ApiError =>
  new ApiError('validation_failed', message, details);

/** A 400 from a contract schema failure, with its `fields` and suggestions. */
export const invalidInput = (failure: ValidationFailure): ApiError =>
  new ApiError('validation_failed', failure.message, {
    fields: failure.fields,
    ...(failure.didYouMean ? { didYouMean: failure.didYouMean } : {}),
  });

/** A property that breaks a rule only the server can check (it needs stored state). */
export const invalidField = (field: string, message: string, details: ApiErrorDetails = {}): ApiError =>
  new ApiError('validation_failed', `Invalid request: ${field}: ${message}.`, {
    ...details,
    fields: { [field]: [message] },
  });

export const conflict = (message: string, existingPath: string): ApiError =>
  new ApiError('conflict', message, { nextActions: [{ method: 'GET', path: existingPath }] });

export const forbidden = (message: string): ApiError => new ApiError('forbidden', message);
