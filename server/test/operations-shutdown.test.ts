/**
 * SIGTERM on the real server process (operations/shutdown.ts): under write load nothing acknowledged is
 * lost and every request that got in is answered or was never applied; a request in flight finishes;
 * change streams end at once so clients reconnect elsewhere; the data file's lock is released and the
 * exit status is 0. Past FLAGPLANE_SHUTDOWN_SECONDS what is still in flight is cut off; a second signal
 * exits at once.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openFileStore } from '../src/store/file/file-store.js';
import { identities, tokens } from './fixtures.js';
import { mainScript } from './support/built-server.js';
import { readStream } from './support/event-stream-reader.js';
import { call, flagKeys, projectUrl } from './support/process-calls.js';
import { startWriteLoad } from './support/write-load.js';

let directory: string;
const running: RunningServer[] = [];
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-shutdown-'));
});
afterEach(async () => {
  for (const server of running.splice(0)) server.process.kill('SIGKILL');
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(name: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServerProcess({
    mainScript,
    identities,
    env: { FLAGPLANE_DATA: join(directory, name), FLAGPLANE_RATE_LIMIT: '1000000', ...env },
  });
  running.push(server);
  expect(server.process.exitCode, server.output()).toBeNull();
  return server;
}

async function withProject(server: RunningServer): Promise<void> {
  const created = await call(server, 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' });
  expect(created.status).toBe(201);
}

/**
 * A flag creation sent on a raw connection: its headers and the first bytes of its body now, the rest
 * when `finish` is called. Until then the server holds a request in flight. `answer` is everything the
 * server sent before the connection closed.
 */
function slowCreation(server: RunningServer, key: string) {
  const body = JSON.stringify({ key, type: 'Boolean' });
  const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
  socket.write(
    `POST ${projectUrl}/flags HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.owner}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
  );
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const answer = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => {});
  });
  return { finish: () => socket.write(body.slice(5)), answer };
}

/** Resolves with `promise`, or rejects after `ms` naming `what`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => Promise.reject(new Error(`${what} did not happen within ${ms} ms`))),
  ]);
}

describe('SIGTERM', () => {
  it('under write load loses no acknowledged write, answers what got in, ends streams, exits 0', async () => {
    const server = await start('load.json');
    await withProject(server);
    const key = await call(server, 'POST', `${projectUrl}/environments/production/sdk-keys`, {
      type: 'ServerSide',
    });
    expect(key.status).toBe(201);
    const stream = await readStream(`${server.baseUrl}/api/v1/sdk/stream`, {
      authorization: `Bearer ${((await key.json()) as { key: string }).key}`,
    });
    expect(stream.status).toBe(200);

    const load = startWriteLoad(server, { writers: 8, prefix: 'w' });
    await load.acknowledgedAtLeast(40);
    const slow = slowCreation(server, 'slow-one');
    await sleep(100); // its headers are in: a request in flight
    server.process.kill('SIGTERM');

    // The stream ends at once, while the slow request still holds the server up.
    await within(stream.ended, 3000, 'the change stream ending');
    expect(server.process.exitCode).toBeNull();
    slow.finish();
    expect(await within(slow.answer, 5000, 'the slow request being answered')).toMatch(/^HTTP\/1\.1 201 /);
    expect(await within(server.exited, 10_000, 'the exit'), server.output()).toBe(0);
    await load.ended;
    expect(existsSync(join(directory, 'load.json.lock')), 'the lock is released').toBe(false);

    const restarted = await start('load.json');
    const stored = new Set(await flagKeys(restarted));
    const acknowledged = load.acknowledged();
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.filter((written) => !stored.has(written))).toEqual([]);
    expect(stored.has('slow-one')).toBe(true);
    // Anything else was refused (503 while closing) or never got in: then it was never applied either.
    const others = load.outcomes.filter((outcome) => !('status' in outcome && outcome.status === 201));
    expect(others.filter((outcome) => 'status' in outcome && outcome.status !== 503)).toEqual([]);
    expect(others.filter((outcome) => stored.has(outcome.key))).toEqual([]);
    expect(stored.size).toBe(acknowledged.length + 1);
  }, 30_000);

  it('cuts off what is still in flight after FLAGPLANE_SHUTDOWN_SECONDS, then flushes and exits 0', async () => {
    const server = await start('grace.json', { FLAGPLANE_SHUTDOWN_SECONDS: '1' });
    await withProject(server);
    const slow = slowCreation(server, 'never-finished');
    await sleep(100);
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    expect(await within(slow.answer, 5000, 'the cut-off')).toBe('');
    expect(await within(server.exited, 5000, 'the exit'), server.output()).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(server.output()).toMatch(/still in flight after the grace period/);
    expect(existsSync(join(directory, 'grace.json.lock'))).toBe(false);
    // The data file opens (its lock released) with the project and without the cut-off flag.
    const store = await openFileStore({ path: join(directory, 'grace.json') });
    try {
      expect([...store.peek((view) => view.all('projects'))].map((project) => project.key)).toEqual(['web']);
      expect([...store.peek((view) => view.all('flags'))]).toEqual([]);
    } finally {
      await store.close();
    }
  }, 30_000);

  it('exits at once on a second signal', async () => {
    const server = await start('twice.json', { FLAGPLANE_SHUTDOWN_SECONDS: '60' });
    slowCreation(server, 'held');
    await sleep(100);
    server.process.kill('SIGTERM');
    await sleep(200);
    expect(server.process.exitCode).toBeNull(); // still waiting for the request in flight
    server.process.kill('SIGTERM');
    expect(await within(server.exited, 3000, 'the exit')).toBe(143);
    expect(server.output()).toMatch(/second signal while stopping/);
  }, 30_000);
});
