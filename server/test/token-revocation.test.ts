/**
 * The server remembers the hashes of tokens that authenticated (src/access/token-hashes.ts), never the
 * credentials: a token revoked or expired after it was used stops working at the next request.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { hashSecret } from '../src/access/principal.js';
import { startTestServer, type TestServer, tokens } from './fixtures.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function changeCredential(change: { revokedAt?: string; expiresAt?: string }): Promise<void> {
  await server.app.store.write((tx) => {
    const credential = tx.findByKey('credentials', null, hashSecret(tokens.member));
    if (!credential) throw new Error('the member token names no credential');
    tx.put('credentials', { ...credential, ...change });
  });
}

it('refuses a token revoked after it authenticated', async () => {
  expect((await server.call('member', 'GET', '/api/v1/me')).statusCode).toBe(200);
  await changeCredential({ revokedAt: new Date().toISOString() });
  const refused = await server.call('member', 'GET', '/api/v1/me');
  expect(refused.statusCode).toBe(401);
  expect(refused.json().error).toBe('unauthorized');
});

it('refuses a token expired after it authenticated', async () => {
  expect((await server.call('member', 'GET', '/api/v1/me')).statusCode).toBe(200);
  await changeCredential({ expiresAt: new Date(Date.now() - 1_000).toISOString() });
  expect((await server.call('member', 'GET', '/api/v1/me')).statusCode).toBe(401);
});
