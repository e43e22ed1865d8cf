/** The change stream (§24) through nock's interceptors (its own file: nock and msw both patch fetch). */
import nock from 'nock';
import { afterAll, it } from 'vitest';
import { createFlagplaneMock } from '../src/index.js';
import { runChangeStreamScenario } from './change-stream-scenario.js';

it('streams changes through nock', async () => {
  const mock = await createFlagplaneMock({ baseUrl: 'http://flagplane-nock-stream.test' });
  const installation = await mock.nock();
  nock.disableNetConnect();
  afterAll(async () => {
    installation.remove();
    nock.enableNetConnect();
    await mock.close();
  });
  await runChangeStreamScenario(mock);
});
