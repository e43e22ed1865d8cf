/**
 * §24's change stream through the mock, whichever way a request reaches it: a stream opened with an SDK
 * key tells its first version at once, tells the next one when a write changes the key's environment,
 * and ends when its client closes it, after which the mock answers as before.
 */
import { createClient, type FetchFunction } from '@flagplane/sdk';
import { expect } from 'vitest';
import type { FlagplaneMock } from '../src/index.js';

/** Runs the scenario with `transport` (undefined: the global fetch, as msw and nock catch it). */
export async function runChangeStreamScenario(mock: FlagplaneMock, transport?: FetchFunction): Promise<void> {
  const owner = createClient({ baseUrl: mock.baseUrl, token: mock.tokens.owner ?? '', fetch: mock.fetch });
  await owner.projects.create('acme', { key: 'streamed' });
  await owner.flags.create('acme', 'streamed', { key: 'kill-switch', type: 'Boolean' });
  const { key } = await owner.sdkKeys.create('acme', 'streamed', 'production', { type: 'ServerSide' });
  const app = createClient({
    baseUrl: mock.baseUrl,
    token: key ?? '',
    ...(transport ? { fetch: transport } : {}),
  });

  const stream = await app.sdk.stream();
  expect(stream.status).toBe(200);
  const events = stream[Symbol.asyncIterator]();
  const first = await events.next();
  expect(first.value?.data.type).toBe('refetchEvaluation');

  // A change in another environment is not this key's business; the toggle in its own is.
  await owner.flagEnvironments.toggle('acme', 'streamed', 'kill-switch', 'development', { enabled: true });
  await owner.flagEnvironments.toggle('acme', 'streamed', 'kill-switch', 'production', { enabled: true });
  const changed = await events.next();
  expect(changed.value?.id).not.toBe(first.value?.id);
  const { headers } = await app.sdk.flags().withResponse();
  expect(headers.get('etag')).toBe(`"${changed.value?.id}"`);

  stream.close();
  expect((await events.next()).done).toBe(true);
  // The key's stream is gone from the server, and the mock goes on answering.
  expect((await app.sdk.flags()).flags.map((flag) => flag.key)).toEqual(['kill-switch']);
}
