/**
 * Preloaded (`node --import`) into every README snippet the tests run: the API at
 * https://flags.example.com (the address the READMEs use) is the real server in memory, through the
 * mock, with organization `acme` and an Owner whose token is `FLAGPLANE_TOKEN`. Anything else the
 * snippet fetches is an error.
 */
import { createFlagplaneMock, setupFetchServer } from '@flagplane/mock';

const mock = await createFlagplaneMock({
  baseUrl: 'https://flags.example.com',
  seed: {
    organizations: [{ slug: 'acme' }],
    users: [{ name: 'owner', memberships: { acme: 'Owner' } }],
  },
});
const server = setupFetchServer(...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });
process.env.FLAGPLANE_BASE_URL = mock.baseUrl;
process.env.FLAGPLANE_TOKEN = mock.tokens.owner;
