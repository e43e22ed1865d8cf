/**
 * `flagplane-server backup --to <file>` with the built server: taken under write load from the running
 * server, it holds every write acknowledged before it began and none that was refused, and a server
 * started on it has the identities, token hashes and events too. The backup without a server, the socket
 * and the refusals are tested in process: src/operations/backup.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '@flagplane/test-support/process';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identities } from './fixtures.js';
import { mainScript } from './support/built-server.js';
import { call, flagKeys } from './support/process-calls.js';
import { startWriteLoad } from './support/write-load.js';

let directory: string;
const running: RunningServer[] = [];
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-backup-'));
});
afterEach(async () => {
  await Promise.allSettled(running.splice(0).map((server) => server.stop()));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function start(dataPath: string): Promise<RunningServer> {
  const server = await startServerProcess({
    mainScript,
    identities,
    env: { FLAGPLANE_DATA: dataPath, FLAGPLANE_RATE_LIMIT: '1000000' },
  });
  running.push(server);
  expect(server.process.exitCode, server.output()).toBeNull();
  return server;
}

/** The CLI, in `directory`, with FLAGPLANE_DATA and `env`. */
const backupCommand = (args: string[], env: Record<string, string | undefined> = {}) =>
  runProcess(process.execPath, [mainScript, 'backup', ...args], {
    cwd: directory,
    env: { FLAGPLANE_DATA: 'data.json', FLAGPLANE_DATABASE_URL: undefined, ...env },
  });

async function eventCount(server: RunningServer): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await call(server, 'GET', `/api/v1/orgs/acme/events?limit=200${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: unknown[]; next_cursor: string | null };
    count += page.items.length;
    cursor = page.next_cursor;
  } while (cursor);
  return count;
}

describe('flagplane-server backup', () => {
  it('backs up a running server under write load: every write acknowledged before it, nothing refused', async () => {
    const server = await start(join(directory, 'data.json'));
    expect(
      (await call(server, 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' })).status,
    ).toBe(201);
    const load = startWriteLoad(server, { writers: 6, prefix: 'w' });
    await load.acknowledgedAtLeast(30);
    const before = load.acknowledged();
    const result = await backupCommand(['--to', 'backups/live.json']);
    const after = new Set(load.acknowledged());
    await load.stop();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `into ${join(directory, 'backups/live.json')}, written by the running server`,
    );
    expect(result.stdout).toMatch(/flags\s+\d+/);

    // Writes go on after the backup, on the live data file.
    expect(after.size).toBeGreaterThan(before.length);
    const liveKeys = await flagKeys(server);
    await server.stop();

    const restored = await start(join(directory, 'backups/live.json'));
    const keys = new Set(await flagKeys(restored));
    expect(before.filter((key) => !keys.has(key))).toEqual([]);
    // Only writes that were acknowledged (a backup holds nothing a client was refused or never told).
    expect([...keys].filter((key) => !load.acknowledged().includes(key))).toEqual([]);
    expect(keys.size).toBeLessThanOrEqual(liveKeys.length);
    // Identities and token hashes: the fixtures' Owner token works; events: one per creation at least.
    expect((await call(restored, 'GET', '/api/v1/me')).status).toBe(200);
    expect(await eventCount(restored)).toBeGreaterThanOrEqual(keys.size + 1);
  }, 60_000);
});
