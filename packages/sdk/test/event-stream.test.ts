/**
 * `client.sdk.stream()` (§24) against the real server on a real port: an open stream yields the server's
 * events typed and checked against the contract, `lastEventId` is sent as Last-Event-ID, an error answer
 * is its typed error, and `close()` ends the iteration quietly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type FlagplaneClient, UnauthorizedError } from '../src/index.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';

let server: ReferenceServer;
let owner: FlagplaneClient;
let app: FlagplaneClient;
beforeAll(async () => {
  server = await startReferenceServer();
  owner = createClient({ baseUrl: server.baseUrl, token: tokens.owner });
  await owner.projects.create(org, { key: 'streamed', name: 'Streamed' });
  await owner.flags.create(org, 'streamed', { key: 'kill-switch', type: 'Boolean' });
  const key = await owner.sdkKeys.create(org, 'streamed', 'production', { type: 'ServerSide' });
  app = createClient({ baseUrl: server.baseUrl, token: key.key ?? '' });
});
afterAll(() => server.close());

describe('client.sdk.stream()', () => {
  it('yields each change as a typed refetchEvaluation whose id is the new version', async () => {
    const stream = await app.sdk.stream();
    expect(stream.status).toBe(200);
    const events = stream[Symbol.asyncIterator]();
    const first = await events.next();
    expect(first.value?.data).toEqual({
      type: 'refetchEvaluation',
      etag: first.value?.id,
      lastModified: expect.any(Number),
    });
    await owner.flagEnvironments.toggle(org, 'streamed', 'kill-switch', 'production', { enabled: true });
    const changed = await events.next();
    expect(changed.value?.id).not.toBe(first.value?.id);
    const { headers } = await app.sdk.flags().withResponse();
    expect(headers.get('etag')).toBe(`"${changed.value?.id}"`);
    stream.close();
    expect((await events.next()).done).toBe(true);
  });

  it('sends lastEventId: the server says nothing while it is current', async () => {
    const { headers } = await app.sdk.flags().withResponse();
    const current = String(headers.get('etag')).slice(1, -1);
    const stream = await app.sdk.stream({}, { lastEventId: current });
    const events = stream[Symbol.asyncIterator]();
    const next = events.next();
    const quiet = await Promise.race([
      next.then(() => 'event'),
      new Promise((resolve) => setTimeout(() => resolve('quiet'), 300)),
    ]);
    expect(quiet).toBe('quiet');
    await owner.flagEnvironments.toggle(org, 'streamed', 'kill-switch', 'production', { enabled: false });
    expect((await next).value?.data.type).toBe('refetchEvaluation');
    stream.close();
  });

  it('rejects with the typed error of an error answer', async () => {
    const stranger = createClient({ baseUrl: server.baseUrl, token: `fp_srv_${'x'.repeat(40)}` });
    await expect(stranger.sdk.stream()).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
