/** The same parity scenario through nock instead of msw (its own file: both patch fetch). */
import nock from 'nock';
import { afterAll, expect, it } from 'vitest';
import { createFlagplaneMock } from '../src/index.js';
import { runParityScenario } from './parity-scenario.js';
import { parityRateLimit, paritySeed, startRealServer } from './real-server.js';

it('answers through nock exactly as the reference server does', async () => {
  const real = await startRealServer(paritySeed, parityRateLimit);
  const expected = await runParityScenario(real.baseUrl, real.tokens.owner!);
  const mock = await createFlagplaneMock({
    seed: paritySeed,
    rateLimit: parityRateLimit,
    baseUrl: 'http://flagplane-nock.test',
  });
  const installation = await mock.nock();
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  afterAll(async () => {
    installation.remove();
    nock.enableNetConnect();
    await mock.close();
    await real.close();
  });
  expect(await runParityScenario(mock.baseUrl, mock.tokens.owner!)).toEqual(expected);
});
