/**
 * The mock behaves exactly like the server: the same scenario against a real server on a real port and
 * against the mock through msw gives identical statuses, bodies (ids, times and cursors normalized) and
 * rate-limit headers. (nock and msw both patch fetch, so each has its own file.)
 */
import { setupServer } from 'msw/node';
import { afterEach, expect, it } from 'vitest';
import { createFlagplaneMock, setupFetchServer, startFlagplaneMockServer } from '../src/index.js';
import { runParityScenario } from './parity-scenario.js';
import { parityRateLimit, paritySeed, startRealServer } from './real-server.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// The msw server setupFlagplaneMock() uses (fetch caught at the call) and msw's stock one (at the socket).
it.each([
  ['setupFetchServer', setupFetchServer],
  ['setupServer', setupServer],
])('answers through msw (%s) exactly as the reference server does', async (_, setup) => {
  const real = await startRealServer(paritySeed, parityRateLimit);
  cleanups.push(real.close);
  const expected = await runParityScenario(real.baseUrl, real.tokens.owner!);
  const mock = await createFlagplaneMock({
    seed: paritySeed,
    rateLimit: parityRateLimit,
    baseUrl: 'http://flagplane.test',
  });
  const server = setup(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  cleanups.push(
    () => mock.close(),
    () => server.close(),
  );
  expect(await runParityScenario(mock.baseUrl, mock.tokens.owner!)).toEqual(expected);
  expect(new Set(expected.map((exchange) => exchange.status))).toEqual(
    new Set([200, 201, 204, 400, 401, 404, 405, 409, 413, 415]),
  );
  // The scenario reaches the event log and managedBy (§19, §20), so the mock's are compared too.
  const step = (name: string) => expected.find((exchange) => exchange.step === name);
  expect(step('claimed flag')?.body).toMatchObject({
    managedBy: { source: 'file:flags/web.yaml', environments: ['production'], at: '<time>' },
  });
  expect(step('events of a flag')?.body).toMatchObject({
    items: [
      {
        action: 'updateFlag',
        client: 'parity-scenario/1.0',
        resource: { kind: 'Flag', key: 'new-checkout' },
      },
      { action: 'toggleFlag' },
      { action: 'createRule' },
    ],
  });
  expect(step('events bad since')).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
});

it('answers on its own port exactly as the reference server does', async () => {
  const real = await startRealServer(paritySeed, parityRateLimit);
  cleanups.push(real.close);
  const expected = await runParityScenario(real.baseUrl, real.tokens.owner!);
  const server = await startFlagplaneMockServer({ seed: paritySeed, rateLimit: parityRateLimit });
  cleanups.push(() => server.close());
  expect(await runParityScenario(server.baseUrl, server.mock.tokens.owner!)).toEqual(expected);
});
