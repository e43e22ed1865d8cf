/**
 * `GET /readyz` on a real server process: ready on the file store once listening; on PostgreSQL, 503
 * while the database is stopped and ready again once it is back, while `/healthz` (liveness) stays 200
 * throughout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from './fixtures.js';
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

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServerProcess({ mainScript, identities, env });
  running.push(server);
  expect(server.process.exitCode, server.output()).toBeNull();
  return server;
}

async function probe(server: RunningServer, path: '/readyz' | '/healthz') {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Probes `/readyz` every 100 ms until it answers `status`, for at most 10 s. */
async function readinessBecomes(server: RunningServer, status: number) {
  const deadline = Date.now() + 10_000;
  let last = await probe(server, '/readyz');
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await probe(server, '/readyz');
  }
  return last;
}

describe('GET /readyz', () => {
  it('is ready on the file store as soon as the server listens', async () => {
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
