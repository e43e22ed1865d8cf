/**
 * FLAGPLANE_METRICS_PORT on the real server process: `GET /metrics` on a listener of its own (and not on
 * the API's port), counting the API's requests; closed with the server on SIGTERM. What the metrics
 * hold: test/metrics.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from './fixtures.js';
import { mainScript } from './support/built-server.js';
import { call } from './support/process-calls.js';
import { Scrape } from './support/prometheus-text.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-metrics-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('FLAGPLANE_METRICS_PORT', () => {
  it('serves GET /metrics on its own port only, and closes it on SIGTERM', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({
      mainScript,
      identities,
      env: { FLAGPLANE_DATA: join(directory, 'data.json'), FLAGPLANE_METRICS_PORT: String(metricsPort) },
    });
    try {
      expect(server.process.exitCode, server.output()).toBeNull();
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      const before = new Scrape(await (await fetch(metricsUrl)).text());
      for (let index = 0; index < 3; index++)
        expect((await call(server, 'GET', '/api/v1/me')).status).toBe(200);
      const response = await fetch(metricsUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const after = new Scrape(await response.text());
      const getMe = { operation: 'getMe', status: '200' };
      expect(
        after.value('flagplane_http_requests_total', getMe) -
          before.value('flagplane_http_requests_total', getMe),
      ).toBe(3);
      expect(after.value('flagplane_store_journal_bytes')).toBeGreaterThan(0);

      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/v1/me`)).status).toBe(404);
    } finally {
      server.process.kill('SIGTERM');
    }
    expect(await server.exited, server.output()).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 30_000);
});
