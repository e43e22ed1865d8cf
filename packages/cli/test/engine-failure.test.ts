/** Partial failure: a failed resource stops its dependants only; running again converges. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { changesOf, engine } from './support/engine-harness.js';
import { sampleState } from './support/sample-state.js';
import { type RunningTestServer, startTestServer } from './support/test-server.js';

let server: RunningTestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const serverError = () =>
  Response.json(
    {
      error: 'internal_error',
      message: 'Something broke (request test).',
      docs_url: 'http://x/docs/errors#internal_error',
    },
    { status: 500 },
  );

it('skips what depends on a failed change, finishes the rest, and converges on the next run', async () => {
  const failing = engine(server.baseUrl, {
    fault: (method, path) =>
      method === 'POST' && path === '/api/v1/orgs/acme/projects/web/segments' ? serverError() : undefined,
  });
  const first = await failing.apply(sampleState());
  expect(first.result.failed).toEqual([
    { id: 'segment web/beta-users', error: expect.stringContaining('500 internal_error: Something broke') },
  ]);
  // The rules of new-checkout in production use the segment; nothing else does.
  expect(first.result.skipped).toEqual([
    { id: 'configuration web/new-checkout@production', because: 'segment web/beta-users' },
  ]);
  expect(first.result.done).toEqual(
    expect.arrayContaining([
      'project web',
      'flag web/new-checkout',
      'flag web/banner-text',
      'configuration web/banner-text@development',
    ]),
  );

  const healthy = engine(server.baseUrl);
  const second = await healthy.apply(sampleState());
  expect(changesOf(second.plan)).toEqual([
    'create segment web/beta-users',
    'update configuration web/new-checkout@production',
  ]);
  expect(second.result.failed).toEqual([]);
  expect(changesOf(await healthy.plan(sampleState()))).toEqual([]);
});
