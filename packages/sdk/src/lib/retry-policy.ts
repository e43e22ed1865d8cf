/**
 * Whether a failed attempt is tried again, and after how long. Pure, so every rule is tested without a
 * network: the transport describes what went wrong and sleeps for the delay this returns.
 */
import { readRateLimit, retryAfterSeconds } from './rate-limit.js';

export interface RetrySettings {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** A server-requested wait longer than this is not waited for: the error is thrown at once. */
  readonly maxRetryAfterMs: number;
  /** The first backoff delay; it doubles with each retry. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultRetrySettings: RetrySettings = {
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/** What went wrong with one attempt. */
export type AttemptFailure =
  | { readonly kind: 'status'; readonly status: number; readonly headers: Headers }
  /** No answer. `mayHaveReachedServer` is false only when the connection was never made (refused, DNS). */
  | { readonly kind: 'connection'; readonly mayHaveReachedServer: boolean }
  | { readonly kind: 'timeout' };

export interface RetryContext {
  readonly retriesSoFar: number;
  /** Sending the request twice has the effect of sending it once (GET, PUT, DELETE, idempotent POSTs). */
  readonly safeToRepeat: boolean;
  readonly settings: RetrySettings;
  readonly now: number;
  /** A number in [0, 1), for jitter. */
  readonly random: number;
}

export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number }
  | { readonly retry: false; readonly reason: string };

const retriedStatuses = new Set([408, 429, 500, 502, 503, 504]);

export function decideRetry(failure: AttemptFailure, context: RetryContext): RetryDecision {
  const { settings } = context;
  if (context.retriesSoFar >= settings.maxRetries) {
    return { retry: false, reason: `no retries left (maxRetries ${settings.maxRetries})` };
  }
  const refusal = reasonNotToRetry(failure, context.safeToRepeat);
  if (refusal) return { retry: false, reason: refusal };

  const requestedDelayMs =
    failure.kind === 'status' ? serverRequestedDelayMs(failure.headers, context.now) : null;
  if (requestedDelayMs !== null) {
    if (requestedDelayMs > settings.maxRetryAfterMs) {
      return {
        retry: false,
        reason: `the server asked to wait ${requestedDelayMs} ms, more than maxRetryAfterMs (${settings.maxRetryAfterMs})`,
      };
    }
    return { retry: true, delayMs: requestedDelayMs };
  }
  return { retry: true, delayMs: backoffDelayMs(context.retriesSoFar, settings, context.random) };
}

function reasonNotToRetry(failure: AttemptFailure, safeToRepeat: boolean): string | null {
  switch (failure.kind) {
    case 'status':
      if (!retriedStatuses.has(failure.status)) return `status ${failure.status} is not retried`;
      // A 429 is refused before any work is done, so even a creation can be sent again.
      if (!safeToRepeat && failure.status !== 429) {
        return `the request may have been applied and is not safe to repeat`;
      }
      return null;
    case 'connection':
      return !safeToRepeat && failure.mayHaveReachedServer
        ? 'the request may have reached the server and is not safe to repeat'
        : null;
    case 'timeout':
      return safeToRepeat ? null : 'the request may have been applied and is not safe to repeat';
  }
}

/**
 * `Retry-After` (seconds or an HTTP-date), else `X-RateLimit-Reset` when no request is left in the
 * window; null when the server did not say.
 */
export function serverRequestedDelayMs(headers: Headers, now: number): number | null {
  const retryAfter = retryAfterSeconds(headers, now);
  if (retryAfter !== null) return retryAfter * 1000;
  const rateLimit = readRateLimit(headers);
  if (rateLimit.remaining === 0 && rateLimit.reset !== null) return Math.max(0, rateLimit.reset * 1000 - now);
  return null;
}

/** 0.5 s · 2^n, capped at 8 s, minus up to a quarter at random so that many clients do not retry in step. */
export function backoffDelayMs(retriesSoFar: number, settings: RetrySettings, random: number): number {
  const delay = Math.min(settings.baseDelayMs * 2 ** retriesSoFar, settings.maxDelayMs);
  return Math.round(delay * (1 - 0.25 * random));
}
