/**
 * `GET /readyz` on a real server process: 503 while the process starts (it listens before its store
 * opens), and signals then; ready on the file store once the store is open; on PostgreSQL, 503 while the
 * database is stopped and ready again once it is back, while `/healthz` (liveness) stays 200 throughout.
 * A start is held at its store deterministically: the test holds PostgreSQL's migration lock, which every
 * starting server waits for (src/store/postgres/migrate.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationLockKey } from '../src/store/postgres/migrate.js';
import { identities, tokens } from './fixtures.js';
import { mainScript } from './support/built-server.js';
import { createTestDatabase } from './support/test-databases.js';

const available = postgresAvailable();
let cluster: PostgresCluster | undefined;
const running: RunningServer[] = [];
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-readiness-'));
  if (available) cluster = await startPostgres();
});
afterAll(async () => {
  await Promise.allSettled(running.map((server) => server.stop()));
  await cluster?.destroy();
  await rm(directory, { recursive: true, force: true });
});

async function start(
  env: Record<string, string>,
  until: 'ready' | 'listening' = 'ready',
): Promise<RunningServer> {
  const server = await startServerProcess({ mainScript, identities, env, until });
  running.push(server);
  expect(server.process.exitCode, server.output()).toBeNull();
  return server;
}

async function probe(server: RunningServer, path: '/readyz' | '/healthz') {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Probes `/readyz` every 100 ms until it answers `status`, for at most 10 s. A connection refused or cut
 * (the port handed from the starting listener to the app) is not ready, and probed again.
 */
async function readinessBecomes(server: RunningServer, status: number) {
  const deadline = Date.now() + 10_000;
  const attempt = () =>
    probe(server, '/readyz').catch(
      (error: unknown): Awaited<ReturnType<typeof probe>> => ({ status: 0, body: { error } }),
    );
  let last = await attempt();
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await attempt();
  }
  return last;
}

describe('GET /readyz', () => {
  it('is ready on the file store once the store is open', async () => {
    const server = await start({ FLAGPLANE_DATA: join(directory, 'data.json') });
    expect(await probe(server, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    expect(await probe(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it.skipIf(!available)(
    'on PostgreSQL, answers 503 while the database is stopped and 200 once it is back; /healthz stays 200',
    async () => {
      if (!cluster) throw new Error('no cluster');
      const url = await createTestDatabase(cluster.url);
      const server = await start({ FLAGPLANE_DATABASE_URL: url });
      expect(await probe(server, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });

      await cluster.stop();
      try {
        const down = await readinessBecomes(server, 503);
        expect(down.status, server.output()).toBe(503);
        expect(down.body.status).toBe('unavailable');
        expect(down.body.reason).toMatch(/^the database does not answer/);
        expect(await probe(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      } finally {
        await cluster.start();
      }
      const back = await readinessBecomes(server, 200);
      expect(back, server.output()).toEqual({ status: 200, body: { status: 'ready' } });
    },
    60_000,
  );
});

/** Holds PostgreSQL's migration lock on the database at `url`, so that a server starting there waits. */
async function holdMigrationLock(url: string): Promise<{ release: () => Promise<void> }> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1::bigint)', [migrationLockKey.toString()]);
  let released: Promise<void> | null = null;
  return { release: () => (released ??= holder.end()) };
}

/** Whether anything answers on the server's port. */
const portAnswers = (server: RunningServer) =>
  fetch(`${server.baseUrl}/healthz`).then(
    () => true,
    () => false,
  );

describe.skipIf(!available)('while the server starts (its store not open yet)', () => {
  /** Locks still held when a test ends (it failed before releasing its own) are released after it. */
  const held: { release: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((lock) => lock.release()));
  });

  /** A server process started on a database whose migration lock the test holds: it waits there. */
  async function startHeld() {
    if (!cluster) throw new Error('no cluster');
    const url = await createTestDatabase(cluster.url);
    const lock = await holdMigrationLock(url);
    held.push(lock);
    const server = await start({ FLAGPLANE_DATABASE_URL: url, LOG_LEVEL: 'info' }, 'listening');
    return { server, lock };
  }

  it('answers /healthz 200, /readyz and every other path 503 with Retry-After, then serves', async () => {
    const { server, lock } = await startHeld();
    const readiness = await fetch(`${server.baseUrl}/readyz`);
    expect(readiness.status).toBe(503);
    expect(readiness.headers.get('retry-after')).toBe('1');
    expect(await readiness.json()).toEqual({
      status: 'unavailable',
      reason: 'starting: the store is loading',
    });
    expect(await probe(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    const api = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.owner}`, 'x-request-id': 'probe-while-starting' },
    });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('1');
    expect(api.headers.get('x-request-id')).toBe('probe-while-starting');
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await api.json()).toMatchObject({
      error: 'unavailable',
      retry_after: 1,
      docs_url: expect.stringMatching(/\/docs\/errors#unavailable$/),
    });
    // OFREP's paths answer in OFREP's shape (§23), as the app does.
    const ofrep = await fetch(`${server.baseUrl}/ofrep/v1/evaluate/flags`, {
      method: 'POST',
      headers: { authorization: 'Bearer fp_srv_none', 'content-type': 'application/json' },
      body: '{"context":{}}',
    });
    expect(ofrep.status).toBe(503);
    expect(Object.keys((await ofrep.json()) as object)).toEqual(['errorDetails']);
    expect(server.process.exitCode).toBeNull();

    await lock.release();
    expect(await readinessBecomes(server, 200)).toEqual({ status: 200, body: { status: 'ready' } });
    const me = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(me.status, server.output()).toBe(200);
  });

  it('on SIGTERM closes the port at once, and exits 0 once the store has opened, serving nothing', async () => {
    const { server, lock } = await startHeld();
    server.process.kill('SIGTERM');
    await expect.poll(() => portAnswers(server), { timeout: 5000 }).toBe(false);
    expect(server.process.exitCode, server.output()).toBeNull();
    await lock.release();
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('SIGTERM while starting');
    expect(server.output()).toContain('stopped before serving');
    expect(server.output()).not.toContain('Flagplane listening');
  });

  it('on a second signal exits at once (128 + 15), the store still waiting', async () => {
    const { server } = await startHeld();
    server.process.kill('SIGTERM');
    await expect.poll(() => portAnswers(server), { timeout: 5000 }).toBe(false);
    server.process.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(143);
    expect(server.output()).toContain('second signal (SIGTERM) while starting');
  });
});
