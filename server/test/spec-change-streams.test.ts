/**
 * §24 through HTTP on a real port: `GET /api/v1/sdk/stream`. A change reaches the streams of its
 * environment within a second as OFREP's `refetchEvaluation`, its id the new version (what OFREP's bulk
 * answer names and `GET /api/v1/sdk/flags` tags); `Last-Event-ID` tells a returning client at once what it
 * missed; a revoked key's stream closes; a client-side key may come in the URL, never a server-side one;
 * a closing server ends its streams.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer } from './fixtures.js';
import { readStream, type StreamReader } from './support/event-stream-reader.js';

const web = '/api/v1/orgs/acme/projects/web';
const streamPath = '/api/v1/sdk/stream';

let server: TestServer;
let baseUrl: string;
const open: StreamReader[] = [];

async function start(options: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer({ streamHeartbeatMs: 100, ...options });
  await seedWebProject(server);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}
beforeEach(() => start());
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await server.close();
});

async function sdkKey(type: 'ServerSide' | 'ClientSide', env = 'production') {
  const created = await server.call('owner', 'POST', `${web}/environments/${env}/sdk-keys`, { type });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; key: string };
}

async function stream(key: string, headers: Record<string, string> = {}, inUrl = false) {
  const url = `${baseUrl}${streamPath}${inUrl ? `?key=${encodeURIComponent(key)}` : ''}`;
  const reader = await readStream(url, inUrl ? headers : { authorization: `Bearer ${key}`, ...headers });
  open.push(reader);
  return reader;
}

/** The environment's version as the delivery path tags it (its ETag without quotes). */
async function currentVersion(key: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/sdk/flags`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return String(response.headers.get('etag')).slice(1, -1);
}

const toggle = (flag: string, enabled: boolean, env = 'production') =>
  server.call('owner', 'POST', `${web}/flags/${flag}/environments/${env}/toggle`, { enabled });

describe('GET /api/v1/sdk/stream (§24)', () => {
  it('answers Server-Sent Events: retry, then the current version at once to a first connection', async () => {
    const { key } = await sdkKey('ServerSide');
    const reader = await stream(key);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('cache-control')).toContain('no-cache');
    expect(reader.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect(reader.headers.get('x-request-id')).toBeTruthy();
    const first = await reader.nextEvent();
    const version = await currentVersion(key);
    expect(first.id).toBe(version);
    expect(first.event).toBeUndefined(); // an unnamed event is a `message`, as OFREP's providers listen for
    expect(JSON.parse(first.data)).toEqual({
      type: 'refetchEvaluation',
      etag: version,
      lastModified: expect.any(Number),
    });
    expect(reader.retry).toBe(1000);
  });

  it('tells every stream of the environment of a change within a second, with the new version', async () => {
    const { key } = await sdkKey('ServerSide');
    const client = await sdkKey('ClientSide');
    const readers = [await stream(key), await stream(key), await stream(client.key, {}, true)];
    for (const reader of readers) await reader.nextEvent();
    const before = await currentVersion(key);
    const changedAt = performance.now();
    expect((await toggle('new-checkout', true)).statusCode).toBe(204);
    const events = await Promise.all(readers.map((reader) => reader.nextEvent(1_000)));
    expect(performance.now() - changedAt).toBeLessThan(1_000);
    const after = await currentVersion(key);
    expect(after).not.toBe(before);
    for (const event of events) {
      expect(event.id).toBe(after);
      expect(JSON.parse(event.data).etag).toBe(after);
    }
    // The same version OFREP names: a provider re-fetches and finds what it was told of.
    const bulk = await fetch(`${baseUrl}/ofrep/v1/evaluate/flags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ context: { targetingKey: 'u' } }),
    });
    const answer = (await bulk.json()) as { metadata: { version: string } };
    expect(answer.metadata.version).toBe(after);
    // A write that serves nothing new (the same toggle again) tells nobody anything.
    await toggle('new-checkout', true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const reader of readers) expect(reader.events).toHaveLength(2);
  });

  it('answers Last-Event-ID: nothing while it is current, at once when a change was missed', async () => {
    const { key } = await sdkKey('ServerSide');
    const version = await currentVersion(key);
    const current = await stream(key, { 'last-event-id': version });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(current.events).toHaveLength(0);
    current.close();
    await toggle('banner-text', true); // missed while away
    const returning = await stream(key, { 'last-event-id': version });
    const missed = await returning.nextEvent(1_000);
    expect(missed.id).toBe(await currentVersion(key));
    expect(missed.id).not.toBe(version);
  });

  it('tells a stream only of its own environment', async () => {
    const production = await stream((await sdkKey('ServerSide')).key);
    const development = await stream((await sdkKey('ServerSide', 'development')).key);
    await production.nextEvent();
    await development.nextEvent();
    await toggle('new-checkout', true, 'production');
    await production.nextEvent(1_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(development.events).toHaveLength(1);
  });

  it('closes a revoked key’s streams within a second', async () => {
    const { id, key } = await sdkKey('ServerSide');
    const reader = await stream(key);
    await reader.nextEvent();
    const revokedAt = performance.now();
    await server.call('owner', 'POST', `${web}/environments/production/sdk-keys/${id}/revoke`);
    await reader.ended;
    expect(performance.now() - revokedAt).toBeLessThan(1_000);
    expect(server.app.changeStreams.size).toBe(0);
    const again = await stream(key);
    expect(again.status).toBe(401);
  });

  it('takes a client-side key as ?key=, never a server-side one, and keeps it out of the URL it logs', async () => {
    const client = await sdkKey('ClientSide');
    const viaUrl = await stream(client.key, {}, true);
    expect(viaUrl.status).toBe(200);
    await viaUrl.nextEvent();
    const serverSide = await sdkKey('ServerSide');
    const refused = await stream(serverSide.key, {}, true);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).message).toMatch(/never accepted in a URL/);
    expect(refused.text).not.toContain(serverSide.key);
  });

  it('beats while nothing changes, so proxies keep the connection', async () => {
    const reader = await stream((await sdkKey('ServerSide')).key);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(
      reader.comments.filter((comment) => comment.trim() === 'keep-alive').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('ends its streams when the server closes, so clients reconnect elsewhere', async () => {
    const reader = await stream((await sdkKey('ServerSide')).key);
    await reader.nextEvent();
    const closing = server.close();
    await reader.ended;
    await closing;
    // afterEach closes again: a second close is harmless.
    await start();
  });
});
