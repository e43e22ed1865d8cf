/**
 * §23: browsers on the origins `FLAGPLANE_CORS_ORIGINS` lists may call the SDK-key paths (§21's delivery
 * paths and OFREP's); nothing else is opened to another origin, and never with credentials.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer } from './fixtures.js';

const shop = 'https://shop.example.com';
let server: TestServer;
afterEach(() => server.close());

const preflight = (url: string, origin: string, method = 'POST') =>
  server.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,if-none-match',
    },
  });

async function clientSideKey(): Promise<string> {
  await seedWebProject(server);
  const created = await server.call(
    'owner',
    'POST',
    '/api/v1/orgs/acme/projects/web/environments/production/sdk-keys',
    {
      type: 'ClientSide',
    },
  );
  return created.json().key;
}

describe('CORS on the SDK-key paths (§23)', () => {
  it('answers a preflight from a listed origin, without credentials, for OFREP and the delivery paths', async () => {
    server = await startTestServer({ corsOrigins: [shop] });
    for (const [url, method] of [
      ['/ofrep/v1/evaluate/flags', 'POST'],
      ['/ofrep/v1/evaluate/flags/new-checkout', 'POST'],
      ['/api/v1/sdk/evaluate', 'POST'],
      ['/api/v1/sdk/flags', 'GET'],
    ] as const) {
      const answer = await preflight(url, shop, method);
      expect(answer.statusCode, url).toBe(204);
      expect(answer.headers['access-control-allow-origin'], url).toBe(shop);
      expect(answer.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(answer.headers['access-control-allow-headers']).toLowerCase().split(/, */)).toEqual(
        expect.arrayContaining(['authorization', 'x-api-key', 'content-type', 'if-none-match']),
      );
      expect(answer.headers['access-control-allow-methods'], url).toContain(method);
      expect(answer.headers.vary, url).toContain('Origin');
    }
  });

  it('lets the page read the answer and its ETag', async () => {
    server = await startTestServer({ corsOrigins: [shop] });
    const key = await clientSideKey();
    const answer = await server.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags',
      headers: { origin: shop, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ context: { targetingKey: 'visitor-1' } }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(shop);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('ETag');
    expect(answer.headers.etag).toBeDefined();
  });

  it('opens nothing to an origin that is not listed, nor without a list', async () => {
    server = await startTestServer({ corsOrigins: [shop] });
    const other = await preflight('/ofrep/v1/evaluate/flags', 'https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await server.close();
    server = await startTestServer();
    const unlisted = await preflight('/ofrep/v1/evaluate/flags', shop);
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never opens the management API, even to a listed origin', async () => {
    server = await startTestServer({ corsOrigins: [shop] });
    const answer = await preflight('/api/v1/orgs/acme/projects', shop);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/v1/orgs/acme',
      headers: { origin: shop },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
