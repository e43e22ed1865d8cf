import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokens } from './fixtures.js';

let server: TestServer;
afterAll(() => server.close());

describe('logs (§5)', () => {
  it('never contain a token, an SDK key or an Authorization header, even at debug level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'trace' }, sink);
    server = await startTestServer({ logger });
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web' });
    const key = (
      await server.call('owner', 'POST', '/api/v1/orgs/acme/projects/web/environments/production/sdk-keys', {
        type: 'ServerSide',
      })
    ).json().key as string;
    for (const caller of Object.keys(tokens) as (keyof typeof tokens)[])
      await server.call(caller, 'GET', '/api/v1/me');
    await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${key}` },
    });
    await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/nope');
    // §21: the key as a credential on the delivery paths, accepted, refused and revoked.
    for (const url of ['/api/v1/sdk/flags', '/api/v1/sdk/evaluate']) {
      await server.app.inject({
        method: url.endsWith('flags') ? 'GET' : 'POST',
        url,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: url.endsWith('flags') ? undefined : JSON.stringify({ context: { key: 'u' } }),
      });
    }
    await server.app.inject({
      method: 'GET',
      url: '/api/v1/sdk/flags',
      headers: { authorization: `Bearer ${key}x` },
    });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(tokens), key]) expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain('bearer');
  });
});
