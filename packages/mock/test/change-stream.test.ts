/**
 * The mock serves the change stream (§24) as the server does, through `mock.fetch`, msw (both servers)
 * and a local port; nock has its own file (it patches fetch too).
 */
import { setupServer } from 'msw/node';
import { afterEach, expect, it } from 'vitest';
import { createFlagplaneMock, setupFetchServer, startFlagplaneMockServer } from '../src/index.js';
import { runChangeStreamScenario } from './change-stream-scenario.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('streams changes through mock.fetch', async () => {
  const mock = await createFlagplaneMock();
  cleanups.push(() => mock.close());
  await runChangeStreamScenario(mock, mock.fetch);
});

it.each([
  ['setupFetchServer', setupFetchServer],
  ['setupServer', setupServer],
])('streams changes through msw (%s)', async (_, setup) => {
  const mock = await createFlagplaneMock({ baseUrl: 'http://flagplane-stream.test' });
  const server = setup(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  cleanups.push(
    () => mock.close(),
    () => server.close(),
  );
  await runChangeStreamScenario(mock);
});

it('streams changes through a local port, and closing the mock ends an open stream', async () => {
  const served = await startFlagplaneMockServer();
  const owner = served.mock.tokens.owner ?? '';
  await runChangeStreamScenario(served.mock, (input, init) => {
    const request = new Request(input, init);
    return fetch(new Request(request.url.replace(served.mock.baseUrl, served.baseUrl), request));
  });
  const { key } = (await (
    await fetch(`${served.baseUrl}/api/v1/orgs/acme/projects/streamed/environments/development/sdk-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ServerSide' }),
    })
  ).json()) as { key: string };
  const response = await fetch(`${served.baseUrl}/api/v1/sdk/stream`, { headers: { 'x-api-key': key } });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = (async () => {
    let all = '';
    for await (const chunk of response.body ?? []) all += Buffer.from(chunk).toString('utf8');
    return all;
  })();
  await served.close();
  expect(await text).toMatch(/^retry: 1000\n\nid: .+\ndata: \{"type":"refetchEvaluation"/);
});
