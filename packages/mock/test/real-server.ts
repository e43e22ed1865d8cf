/** The reference server on a real port, seeded exactly like a mock with the same seed. */
import { buildServer } from '@flagplane/server';
import { identitiesOf, type MockSeed } from '../src/seed.js';

export async function startRealServer(seed: MockSeed, rateLimit: { max: number; windowSeconds: number }) {
  const { identities, tokens } = identitiesOf(seed);
  const app = await buildServer({ identities, rateLimit });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${address.port}`, tokens, close: () => app.close() };
}

export const paritySeed: MockSeed = {
  organizations: [{ slug: 'acme' }, { slug: 'globex' }],
  users: [{ name: 'owner', memberships: { acme: 'Owner' } }],
};
export const parityRateLimit = { max: 1000, windowSeconds: 3600 };
