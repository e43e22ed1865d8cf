import { describe, expect, test } from 'vitest';
import { resolveClientOptions } from './client-options.js';

describe('resolveClientOptions', () => {
  test('fills what is absent from the environment, then from the defaults', () => {
    const resolved = resolveClientOptions(
      {},
      { FLAGPLANE_BASE_URL: 'https://flags.example.com/', FLAGPLANE_TOKEN: 'fp_pat_x' },
    );
    expect(resolved.baseUrl).toBe('https://flags.example.com');
    expect(resolved.token).toBe('fp_pat_x');
    expect(resolved.timeoutMs).toBe(60_000);
    expect(resolved.retry.maxRetries).toBe(2);
    expect(resolved.retry.maxRetryAfterMs).toBe(60_000);
    expect(resolved.validateResponses).toBe(true);
  });

  test('options win over the environment', () => {
    const resolved = resolveClientOptions(
      { baseUrl: 'http://127.0.0.1:4000', token: 'fp_pat_mine', maxRetries: 0 },
      { FLAGPLANE_BASE_URL: 'https://elsewhere.example.com', FLAGPLANE_TOKEN: 'fp_pat_theirs' },
    );
    expect(resolved.baseUrl).toBe('http://127.0.0.1:4000');
    expect(resolved.token).toBe('fp_pat_mine');
    expect(resolved.retry.maxRetries).toBe(0);
  });

  test('refuses numbers that are not non-negative integers', () => {
    const base = { baseUrl: 'http://x.test', token: 't' };
    expect(() => resolveClientOptions({ ...base, maxRetries: -1 }, {})).toThrow(/maxRetries/);
    expect(() => resolveClientOptions({ ...base, timeout: 1.5 }, {})).toThrow(/timeout/);
  });

  test('looks up the global fetch at request time, not at creation', async () => {
    const resolved = resolveClientOptions({ baseUrl: 'http://x.test', token: 't' }, {});
    const original = globalThis.fetch;
    globalThis.fetch = async () => new Response('late');
    try {
      expect(await (await resolved.fetch('http://x.test')).text()).toBe('late');
    } finally {
      globalThis.fetch = original;
    }
  });
});
