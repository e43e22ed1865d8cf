/**
 * §22 with real processes: two server processes (the built main.js) on one PostgreSQL database of a
 * throwaway cluster. What one acknowledges the other reads at once; a key is taken once across both; a
 * rate limit counts both; cursors work across both; a process killed mid-load loses nothing it
 * acknowledged; PostgreSQL stopping under load is 503, never 500, and the servers recover on their own;
 * a change committed through one reaches the change streams (§24) held by the other within a second, and
 * again once the database is back from a restart.
 */
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identities } from './fixtures.js';
import type { Json } from './spec-helpers.js';
import { mainScript } from './support/built-server.js';
import { readStream, type StreamReader } from './support/event-stream-reader.js';
import { call, createFlag, flagKeys, projectUrl } from './support/process-calls.js';
import { createTestDatabase } from './support/test-databases.js';

const available = postgresAvailable();
let cluster: PostgresCluster;
const running: RunningServer[] = [];

beforeAll(async () => {
  if (available) cluster = await startPostgres();
});
afterEach(async () => {
  await Promise.allSettled(running.splice(0).map((server) => server.stop()));
});
afterAll(async () => {
  await cluster?.destroy();
});

/** Two servers (A and B) on one new database, with project `web` created through A. */
async function twoServers(env: Record<string, string> = {}): Promise<[RunningServer, RunningServer]> {
  const url = await createTestDatabase(cluster.url);
  const start = () =>
    startServerProcess({ mainScript, identities, env: { FLAGPLANE_DATABASE_URL: url, ...env } });
  // Started together: the second waits for the first's migration, then finds nothing to do.
  const servers = await Promise.all([start(), start()]);
  running.push(...servers);
  for (const server of servers) expect(server.output()).not.toMatch(/error/i);
  const created = await call(servers[0], 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' });
  expect(created.status).toBe(201);
  return servers;
}

describe.skipIf(!available)('two server processes on one PostgreSQL database (§22)', () => {
  it('reads on B, at once, every write A acknowledged (and the other way round)', async () => {
    const [a, b] = await twoServers();
    for (let index = 0; index < 20; index++) {
      const [writer, reader] = index % 2 === 0 ? [a, b] : [b, a];
      expect((await createFlag(writer, `flag-${index}`)).status).toBe(201);
      const read = await call(reader, 'GET', `${projectUrl}/flags/flag-${index}`);
      expect(read.status, `flag-${index} on the other process`).toBe(200);
      const toggled = await call(
        writer,
        'POST',
        `${projectUrl}/flags/flag-${index}/environments/production/toggle`,
        { enabled: true },
      );
      expect(toggled.status).toBe(204);
      const after = await call(reader, 'GET', `${projectUrl}/flags/flag-${index}/environments/production`);
      expect(((await after.json()) as { isEnabled: boolean }).isEnabled).toBe(true);
    }
    // The same bytes from either process: records come back from the database exactly as written.
    for (const path of [`${projectUrl}/flags?limit=50`, '/api/v1/orgs/acme/events?limit=50']) {
      const [fromA, fromB] = await Promise.all([call(a, 'GET', path), call(b, 'GET', path)]);
      expect(await fromB.text(), path).toBe(await fromA.text());
    }
    // An SDK key made on A authenticates on B at once, and its revocation on B is seen by A at once.
    const sdkKeys = `${projectUrl}/environments/production/sdk-keys`;
    const created = await call(a, 'POST', sdkKeys, { type: 'ServerSide', name: 'checkout' });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: string; key: string };
    expect((await call(b, 'GET', '/api/v1/sdk/flags', undefined, key)).status).toBe(200);
    expect((await call(b, 'POST', `${sdkKeys}/${id}/revoke`)).status).toBe(204);
    expect((await call(a, 'GET', '/api/v1/sdk/flags', undefined, key)).status).toBe(401);
  });

  it('gives each key to exactly one of 16 writers split over both processes; the rest get 409', async () => {
    const [a, b] = await twoServers();
    const keys = Array.from({ length: 10 }, (_, index) => `contested-${index}`);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, writer) =>
        (async () => {
          const statuses: [string, number][] = [];
          for (const key of keys) {
            const response = await createFlag(writer % 2 === 0 ? a : b, key);
            if (response.status === 409)
              expect(((await response.json()) as Json).next_actions).toHaveLength(1);
            statuses.push([key, response.status]);
          }
          return statuses;
        })(),
      ),
    );
    for (const key of keys) {
      const statuses = answers
        .flat()
        .filter(([k]) => k === key)
        .map(([, status]) => status);
      expect(
        statuses.filter((status) => status === 201),
        key,
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 409),
        key,
      ).toHaveLength(15);
    }
    expect((await flagKeys(b)).sort()).toEqual([...keys].sort());
  });

  it('reaches a rate limit of N after N requests in total across both', async () => {
    const [a, b] = await twoServers({ FLAGPLANE_RATE_LIMIT: '40', FLAGPLANE_RATE_WINDOW_SECONDS: '3600' });
    const statuses: number[] = [];
    // The project creation in twoServers was the first request of the owner's window.
    for (let index = 0; index < 40; index++) {
      statuses.push((await call(index % 2 === 0 ? a : b, 'GET', '/api/v1/me')).status);
    }
    expect(statuses.slice(0, 39)).toEqual(Array(39).fill(200));
    expect(statuses[39]).toBe(429);
    const refused = await call(a, 'GET', '/api/v1/me');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('walks pages alternating between the processes and meets every flag once', async () => {
    const [a, b] = await twoServers();
    for (let index = 0; index < 60; index++) {
      expect(
        (await createFlag(index % 2 === 0 ? a : b, `page-${String(index).padStart(2, '0')}`)).status,
      ).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await call(page++ % 2 === 0 ? a : b, 'GET', `${projectUrl}/flags?limit=7${query}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { items: { key: string }[]; next_cursor: string | null };
      seen.push(...body.items.map((flag) => flag.key));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
  });

  it('loses no write A acknowledged when A is killed mid-load, and B keeps serving', async () => {
    const [a, b] = await twoServers({ FLAGPLANE_RATE_LIMIT: '1000000' });
    const acknowledged: string[] = [];
    let stop = false;
    const load = (server: RunningServer, name: string) =>
      (async () => {
        for (let index = 0; !stop; index++) {
          const key = `${name}-${index}`;
          const response = await createFlag(server, key).catch(() => null);
          if (response?.status === 201) acknowledged.push(key);
          else if (server === a && response === null) return; // A is gone
        }
      })();
    const loads = [load(a, 'a1'), load(a, 'a2'), load(b, 'b1'), load(b, 'b2')];
    while (acknowledged.filter((key) => key.startsWith('a')).length < 30) await sleep(20);
    a.process.kill('SIGKILL');
    await a.exited;
    const afterKill = acknowledged.length;
    while (acknowledged.length < afterKill + 20) await sleep(20);
    stop = true;
    await Promise.all(loads);
    const keys = new Set(await flagKeys(b));
    for (const key of acknowledged) expect(keys.has(key), key).toBe(true);
    expect(keys.size).toBeGreaterThanOrEqual(acknowledged.length);
  });

  it('answers 503 with Retry-After while PostgreSQL is down, never 500, and recovers on its own', async () => {
    // The load below would use up the default quota (600 a minute) and hide recovery behind 429s.
    const [a, b] = await twoServers({ FLAGPLANE_RATE_LIMIT: '1000000' });
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const load = (server: RunningServer, name: string) =>
      (async () => {
        for (let index = 0; !stop; index++) {
          const write = index % 2 === 0;
          const response = write
            ? await createFlag(server, `${name}-${index}`)
            : await call(server, 'GET', `${projectUrl}/flags?limit=5`);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 503) {
            expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
            expect(((await response.json()) as Json).error).toBe('unavailable');
          } else if (write && response.status === 201) acknowledged.push(`${name}-${index}`);
          else await response.arrayBuffer();
          await sleep(5);
        }
      })();
    const loads = [load(a, 'a'), load(b, 'b')];
    await sleep(500);
    await cluster.stop();
    // While it is down, a request to either process is a 503 with Retry-After (at the latest once it has
    // waited out the 5 s deadline for a connection), never a hang or a 500.
    for (const server of [a, b]) {
      const down = await call(server, 'GET', `${projectUrl}/flags?limit=5`);
      expect(down.status).toBe(503);
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await down.json()) as Json).error).toBe('unavailable');
    }
    await cluster.start();
    // Back without restarting either server: both serve writes again.
    const deadline = Date.now() + 20_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      const [fromA, fromB] = await Promise.all([
        createFlag(a, `after-a-${Date.now()}`),
        createFlag(b, `after-b-${Date.now()}`),
      ]);
      recovered = fromA.status === 201 && fromB.status === 201;
      if (!recovered) await sleep(200);
    }
    stop = true;
    await Promise.all(loads);
    expect(recovered).toBe(true);
    expect(statuses.get(500) ?? 0, JSON.stringify([...statuses])).toBe(0);
    const keys = new Set(await flagKeys(a));
    for (const key of acknowledged) expect(keys.has(key), key).toBe(true);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!available)('change streams across processes on one PostgreSQL database (§24)', () => {
  const readers: StreamReader[] = [];
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });

  /** A server-side key of production made through `maker`, and a stream held on `holder` with it. */
  async function streamOn(
    holder: RunningServer,
    maker: RunningServer,
  ): Promise<{ reader: StreamReader; key: string }> {
    await call(maker, 'POST', `${projectUrl}/flags`, { key: 'kill-switch', type: 'Boolean' });
    const created = await call(maker, 'POST', `${projectUrl}/environments/production/sdk-keys`, {
      type: 'ServerSide',
    });
    const { key } = (await created.json()) as { key: string };
    const reader = await readStream(`${holder.baseUrl}/api/v1/sdk/stream`, {
      authorization: `Bearer ${key}`,
    });
    readers.push(reader);
    expect(reader.status).toBe(200);
    await reader.nextEvent(); // the version the holder has now
    return { reader, key };
  }

  const toggle = (server: RunningServer, enabled: boolean) =>
    call(server, 'POST', `${projectUrl}/flags/kill-switch/environments/production/toggle`, { enabled });

  it('tells a stream held on B of a write acknowledged by A within a second', async () => {
    const [a, b] = await twoServers();
    const { reader, key } = await streamOn(b, a);
    const writtenAt = performance.now();
    expect((await toggle(a, true)).status).toBe(204);
    const event = await reader.nextEvent(1_000);
    expect(performance.now() - writtenAt).toBeLessThan(1_000);
    expect(JSON.parse(event.data)).toMatchObject({ type: 'refetchEvaluation', etag: event.id });
    // The version B told is the one both processes now serve.
    for (const server of [a, b]) {
      const flags = await fetch(`${server.baseUrl}/api/v1/sdk/flags`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await flags.arrayBuffer();
      expect(flags.headers.get('etag')).toBe(`"${event.id}"`);
    }
  });

  it('hears of A’s writes again once PostgreSQL is back from a restart', async () => {
    const [a, b] = await twoServers();
    const { reader } = await streamOn(b, a);
    await cluster.stop();
    await sleep(300);
    await cluster.start();
    // A serves writes again without a restart; B's listening connection reopens on its own.
    const deadline = Date.now() + 15_000;
    let written = false;
    while (!written && Date.now() < deadline) {
      written = (await toggle(a, true)).status === 204;
      if (!written) await sleep(200);
    }
    expect(written).toBe(true);
    const event = await reader.nextEvent(5_000);
    expect(JSON.parse(event.data).type).toBe('refetchEvaluation');
  });
});
