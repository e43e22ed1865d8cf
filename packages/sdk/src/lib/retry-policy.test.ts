import { describe, expect, test } from 'vitest';
import {
  type AttemptFailure,
  backoffDelayMs,
  decideRetry,
  defaultRetrySettings,
  type RetryContext,
  serverRequestedDelayMs,
} from './retry-policy.js';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const context = (overrides: Partial<RetryContext> = {}): RetryContext => ({
  retriesSoFar: 0,
  safeToRepeat: true,
  settings: defaultRetrySettings,
  now,
  random: 0,
  ...overrides,
});
const status = (code: number, headers: Record<string, string> = {}): AttemptFailure => ({
  kind: 'status',
  status: code,
  headers: new Headers(headers),
});

describe('decideRetry', () => {
  test.for([408, 429, 500, 502, 503, 504])('retries %i when the request is safe to repeat', (code) => {
    expect(decideRetry(status(code), context())).toEqual({ retry: true, delayMs: 500 });
  });

  test.for([400, 401, 403, 404, 405, 409, 413, 415, 501])('never retries %i', (code) => {
    expect(decideRetry(status(code), context()).retry).toBe(false);
  });

  test('retries a request that is not safe to repeat only on 429 or before connecting', () => {
    const unsafe = context({ safeToRepeat: false });
    expect(decideRetry(status(500), unsafe).retry).toBe(false);
    expect(decideRetry(status(503), unsafe).retry).toBe(false);
    expect(decideRetry({ kind: 'timeout' }, unsafe).retry).toBe(false);
    expect(decideRetry({ kind: 'connection', mayHaveReachedServer: true }, unsafe).retry).toBe(false);
    expect(decideRetry(status(429), unsafe).retry).toBe(true);
    expect(decideRetry({ kind: 'connection', mayHaveReachedServer: false }, unsafe).retry).toBe(true);
  });

  test('stops after maxRetries', () => {
    expect(decideRetry(status(503), context({ retriesSoFar: 2 }))).toEqual({
      retry: false,
      reason: 'no retries left (maxRetries 2)',
    });
  });

  test('waits as long as Retry-After says, up to maxRetryAfterMs', () => {
    expect(decideRetry(status(429, { 'retry-after': '7' }), context())).toEqual({
      retry: true,
      delayMs: 7_000,
    });
    expect(decideRetry(status(429, { 'retry-after': '60' }), context())).toEqual({
      retry: true,
      delayMs: 60_000,
    });
    expect(decideRetry(status(429, { 'retry-after': '61' }), context()).retry).toBe(false);
  });
});

describe('serverRequestedDelayMs', () => {
  test('reads Retry-After as seconds or as an HTTP-date', () => {
    expect(serverRequestedDelayMs(new Headers({ 'retry-after': '3' }), now)).toBe(3_000);
    const inTenSeconds = new Date(now + 10_000).toUTCString();
    expect(serverRequestedDelayMs(new Headers({ 'retry-after': inTenSeconds }), now)).toBe(10_000);
  });

  test('falls back to X-RateLimit-Reset only when no request is left', () => {
    const reset = String(now / 1000 + 4);
    expect(
      serverRequestedDelayMs(new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), now),
    ).toBe(4_000);
    expect(
      serverRequestedDelayMs(new Headers({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': reset }), now),
    ).toBeNull();
    expect(serverRequestedDelayMs(new Headers(), now)).toBeNull();
  });
});

describe('backoffDelayMs', () => {
  test('doubles from 0.5 s and stops at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffDelayMs(n, defaultRetrySettings, 0))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });

  test('jitter takes off at most a quarter', () => {
    expect(backoffDelayMs(1, defaultRetrySettings, 0.999_999)).toBe(750);
    expect(backoffDelayMs(1, defaultRetrySettings, 0.5)).toBe(875);
  });
});
