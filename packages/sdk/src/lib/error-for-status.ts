/**
 * The one place where an error answer becomes an error class. The body is read leniently: a proxy's
 * HTML 502 or an error code this SDK does not know yet must still give a useful, typed error.
 */
import type { NextAction } from '@flagplane/contract';
import {
  ApiError,
  type ApiErrorDetails,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from './errors.js';
import { retryAfterSeconds } from './rate-limit.js';

type ApiErrorClass = new (details: ApiErrorDetails) => ApiError;

const errorClassByStatus: Readonly<Record<number, ApiErrorClass>> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
};

export interface ErrorAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly requestId: string | null;
}

export function errorForStatus(answer: ErrorAnswer): ApiError {
  const details = readErrorDetails(answer);
  if (answer.status === 400 && details.error === 'validation_failed') return new ValidationError(details);
  if (answer.status === 503) return new ServiceUnavailableError(details);
  if (answer.status >= 500) return new InternalServerError(details);
  const ErrorClass = errorClassByStatus[answer.status] ?? ApiError;
  return new ErrorClass(details);
}

function readErrorDetails(answer: ErrorAnswer): ApiErrorDetails {
  const body = isRecord(answer.body) ? answer.body : {};
  const retryAfter = numberOrNull(body.retry_after) ?? retryAfterSeconds(answer.headers);
  // OFREP's paths (§23) answer `{key, errorCode, errorDetails}`: its code is the error, its details the message.
  const error = body.error ?? body.errorCode;
  const message = body.message ?? body.errorDetails;
  return {
    status: answer.status,
    error: typeof error === 'string' ? error : 'unknown',
    message: typeof message === 'string' ? message : fallbackMessage(answer),
    docsUrl: typeof body.docs_url === 'string' ? body.docs_url : null,
    requestId: answer.requestId,
    body: answer.body,
    headers: answer.headers,
    ...(isFields(body.fields) ? { fields: body.fields } : {}),
    ...(isStringArray(body.did_you_mean) ? { didYouMean: body.did_you_mean } : {}),
    ...(isNextActions(body.next_actions) ? { nextActions: body.next_actions } : {}),
    retryAfter,
  };
}

function fallbackMessage(answer: ErrorAnswer): string {
  const text = typeof answer.body === 'string' ? answer.body.trim().slice(0, 200) : '';
  return text || answer.statusText || 'The server answered an error without a body.';
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

function isFields(value: unknown): value is Record<string, string[]> {
  return isRecord(value) && Object.values(value).every(isStringArray);
}

function isNextActions(value: unknown): value is NextAction[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) => isRecord(entry) && typeof entry.method === 'string' && typeof entry.path === 'string',
    )
  );
}
