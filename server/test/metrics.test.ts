/**
 * `GET /metrics` (operations/metrics.ts), parsed by a real Prometheus text-format parser: counters and
 * histograms move with exactly the requests made, labels are operation ids and statuses only (no flag
 * key, organization, token or URL), the store's commits, flushes, journal and events show, and so do
 * PostgreSQL's pool (on the "server on postgres" project) and the process defaults. Off by default; never
 * behind a credential or the rate limit. The separate listener of FLAGPLANE_METRICS_PORT:
 * test/operations-metrics.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '@flagplane/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileStore } from '../src/store/file/file-store.js';
import { startTestServer, type TestServer, testStore, tokens } from './fixtures.js';
import { Scrape } from './support/prometheus-text.js';

const web = '/api/v1/orgs/acme/projects/web';
let server: TestServer;
let cleanUp: (() => Promise<void>) | undefined;
afterEach(async () => {
  await server.close();
  await cleanUp?.();
  cleanUp = undefined;
});

async function scrape(): Promise<Scrape> {
  // No credential: metrics are for the operator's scraper, never behind an organization's token.
  const response = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  return new Scrape(response.body);
}

/** Project `web`, then `count` flags created at once (so that commits can group them). */
async function projectWithFlags(count: number): Promise<void> {
  await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' });
  const writes = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      server.call('owner', 'POST', `${web}/flags`, { key: `f-${index}`, type: 'Boolean' }),
    ),
  );
  expect(writes.map((write) => write.statusCode)).toEqual(Array(count).fill(201));
}

const requests = 'flagplane_http_requests_total';
const duration = 'flagplane_http_request_duration_seconds';

describe('GET /metrics', () => {
  it('is not served unless metrics are on', async () => {
    server = await startTestServer();
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(server.app.metrics).toBeNull();
  });

  it('counts requests by operation id and status, with their latency, and 429s', async () => {
    server = await startTestServer({ metrics: { route: true }, rateLimit: { max: 20, windowSeconds: 60 } });
    const before = await scrape();
    expect(before.value(requests, { operation: 'createFlag', status: '201' })).toBe(0);

    expect(
      (await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' }))
        .statusCode,
    ).toBe(201);
    for (let index = 0; index < 5; index++) {
      const created = await server.call('owner', 'POST', `${web}/flags`, {
        key: `secret-plan-${index}`,
        type: 'Boolean',
      });
      expect(created.statusCode).toBe(201);
    }
    expect((await server.call('owner', 'GET', `${web}/flags/no-such-flag`)).statusCode).toBe(404);
    expect((await server.call('owner', 'GET', '/api/v1/no/such/path')).statusCode).toBe(404);
    expect((await server.call('owner', 'PATCH', '/api/v1/orgs/acme/projects')).statusCode).toBe(405);
    let limited = 0;
    for (let index = 0; index < 22; index++) {
      if ((await server.call('member', 'GET', '/api/v1/me')).statusCode === 429) limited++;
    }
    expect(limited).toBe(2);

    const after = await scrape();
    expect(after.value(requests, { operation: 'createProject', status: '201' })).toBe(1);
    expect(after.value(requests, { operation: 'createFlag', status: '201' })).toBe(5);
    expect(after.value(requests, { operation: 'getFlag', status: '404' })).toBe(1);
    expect(after.value(requests, { operation: 'unmatched', status: '404' })).toBe(1);
    expect(after.value(requests, { operation: 'methodNotAllowed', status: '405' })).toBe(1);
    expect(after.value(requests, { operation: 'getMe', status: '200' })).toBe(20);
    expect(after.value(requests, { operation: 'getMe', status: '429' })).toBe(2);
    expect(after.value('flagplane_http_rate_limited_requests_total')).toBe(2);
    expect(after.count(duration, { operation: 'createFlag' })).toBe(5);
    expect(after.sum(duration, { operation: 'createFlag' })).toBeGreaterThan(0);
    expect(after.family(duration).type).toBe('HISTOGRAM');
    // The first scrape was answered, and shows in the second.
    expect(after.value(requests, { operation: '/metrics', status: '200' })).toBe(1);

    // Labels: operation ids (or a registered route pattern) and statuses, nothing a caller chose.
    const operations = new Set<string>(Object.keys(endpoints));
    for (const sample of after.family(requests).metrics) {
      const { operation, status } = sample.labels ?? {};
      expect(
        operations.has(operation ?? '') ||
          ['/metrics', 'unmatched', 'methodNotAllowed'].includes(operation ?? ''),
        operation,
      ).toBe(true);
      expect(status).toMatch(/^\d{3}$/);
    }
    expect(after.text).not.toMatch(/secret-plan|acme|no-such|fp_pat_|Bearer/);
    expect(after.text).not.toContain(tokens.owner);
  });

  it('shows the store: commits, batch sizes, events held, and on PostgreSQL the pool', async () => {
    server = await startTestServer({ metrics: { route: true } });
    await projectWithFlags(8);
    const scraped = await scrape();
    // The memory store holds its whole log; PostgreSQL reads events from the database and holds none
    // once a batch has committed.
    expect(scraped.value('flagplane_store_events')).toBe(testStore === 'postgres' ? 0 : 9);
    if (testStore === 'postgres') {
      // Each write is a commit of its own or shares one: 9 writes in at least one commit, at most 9.
      const commits = scraped.count('flagplane_store_commit_writes');
      expect(commits).toBeGreaterThanOrEqual(1);
      expect(scraped.sum('flagplane_store_commit_writes')).toBeGreaterThanOrEqual(9);
      expect(scraped.count('flagplane_store_commit_duration_seconds')).toBe(commits);
      const busy = scraped.value('flagplane_postgres_pool_connections', { state: 'busy' });
      const idle = scraped.value('flagplane_postgres_pool_connections', { state: 'idle' });
      expect(busy + idle).toBeGreaterThanOrEqual(1);
      expect(scraped.value('flagplane_postgres_pool_waiting')).toBe(0);
    } else {
      // The memory store commits nothing to disk, and has no journal or pool.
      expect(scraped.count('flagplane_store_commit_writes')).toBe(0);
      expect(scraped.families.has('flagplane_postgres_pool_waiting')).toBe(false);
      expect(scraped.families.has('flagplane_store_journal_bytes')).toBe(false);
    }
    // prom-client's process defaults.
    expect(scraped.value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(scraped.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('on the file store, shows group commits, fsyncs and the journal', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'flagplane-metrics-'));
    const store = await openFileStore({ path: join(directory, 'data.json') });
    cleanUp = async () => {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    };
    server = await startTestServer({ store, metrics: { route: true } });
    const start = await scrape();
    const commitsBefore = start.count('flagplane_store_commit_writes');
    const writesBefore = start.sum('flagplane_store_commit_writes');
    await projectWithFlags(10);
    const scraped = await scrape();
    const commits = scraped.count('flagplane_store_commit_writes') - commitsBefore;
    // 11 writes, in fewer commits than writes (group commit), each with its journal fsync.
    expect(scraped.sum('flagplane_store_commit_writes') - writesBefore).toBe(11);
    expect(commits).toBeGreaterThanOrEqual(2);
    expect(commits).toBeLessThan(11);
    expect(
      scraped.count('flagplane_store_disk_flush_duration_seconds', { file: 'journal' }),
    ).toBeGreaterThanOrEqual(commits);
    expect(scraped.value('flagplane_store_journal_bytes')).toBeGreaterThan(0);
    expect(scraped.value('flagplane_store_events')).toBe(11);
  });

  it('counts the change streams open', async () => {
    server = await startTestServer({ metrics: { route: true } });
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' });
    expect((await scrape()).value('flagplane_change_streams_open')).toBe(0);
    const key = await server.call('owner', 'POST', `${web}/environments/production/sdk-keys`, {
      type: 'ServerSide',
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address() as { port: number };
    const abort = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${address.port}/api/v1/sdk/stream`, {
      headers: { authorization: `Bearer ${(key.json() as { key: string }).key}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect((await scrape()).value('flagplane_change_streams_open')).toBe(1);
    // A change reaches the stream: its delivery is timed.
    expect((await scrape()).count('flagplane_change_stream_delivery_seconds')).toBe(0);
    const toggled = await server.call('owner', 'POST', `${web}/flags`, { key: 'heard', type: 'Boolean' });
    expect(toggled.statusCode, toggled.body).toBe(201);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    // The first event is the one every new stream gets at once; the second is the change.
    while (text.split('refetchEvaluation').length < 3) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    const timed = await scrape();
    expect(timed.count('flagplane_change_stream_delivery_seconds')).toBeGreaterThanOrEqual(1);
    expect(timed.sum('flagplane_change_stream_delivery_seconds')).toBeGreaterThanOrEqual(0);
    abort.abort();
  });
});
