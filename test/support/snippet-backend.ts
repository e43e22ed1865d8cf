/**
 * Preloaded (`node --import`) into every README snippet the tests run: the API at http://127.0.0.1:4000
 * (where the READMEs say `npm start` listens) is the real server in memory, through the mock, as a fresh
 * server is (fresh-server-seed.json: organization `default` and its Owner), with that Owner's token in
 * `FLAGPLANE_TOKEN`. Anything else the snippet fetches is an error. Plain Node runs it: no sibling `.ts`.
 */
import { createFlagplaneMock, type MockSeed, setupFetchServer } from '@flagplane/mock';
import seed from './fresh-server-seed.json' with { type: 'json' };

const mock = await createFlagplaneMock({ baseUrl: 'http://127.0.0.1:4000', seed: seed as MockSeed });
const server = setupFetchServer(...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });
process.env.FLAGPLANE_BASE_URL = mock.baseUrl;
process.env.FLAGPLANE_TOKEN = mock.tokens.Administrator;
