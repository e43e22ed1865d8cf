import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Store } from '../src/store/store.js';
import { startTestServer, type TestServer, tokens } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('authentication (§5)', () => {
  it.each([
    ['no Authorization header', undefined],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['an unknown token', `Bearer fp_pat_${'x'.repeat(40)}`],
    ['an SDK key presented as a token', `Bearer fp_srv_${'x'.repeat(40)}`],
    ['a bare token without scheme', tokens.owner],
  ])('answers 401 unauthorized for %s, with rate-limit headers', async (_case, authorization) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      error: 'unauthorized',
      docs_url: 'http://127.0.0.1:4000/docs/errors#unauthorized',
    });
    expect(response.headers['x-ratelimit-limit']).toBe('600');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('accepts the scheme case-insensitively', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `bearer ${tokens.owner}` },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('wire conventions (§15, §16)', () => {
  it('puts X-Request-Id and the three rate-limit headers on success, 404 and 405 answers', async () => {
    for (const [method, url, status] of [
      ['GET', '/api/v1/orgs', 200],
      ['GET', '/api/v1/nothing-here', 404],
      ['DELETE', '/api/v1/orgs', 405],
    ] as const) {
      const response = await server.call('owner', method, url);
      expect(response.statusCode).toBe(status);
      expect(response.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
      expect(Number(response.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
    }
  });

  it('echoes a sane caller-supplied X-Request-Id', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.owner}`, 'x-request-id': 'trace-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('answers 404 not_found for an unknown route under /api/v1', async () => {
    const response = await server.call('owner', 'GET', '/api/v1/orgs/acme/widgets');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it('answers 405 method_not_allowed with Allow for a known path with another method', async () => {
    const response = await server.call('owner', 'PATCH', '/api/v1/orgs/acme');
    expect(response.statusCode).toBe(405);
    expect(response.json().error).toBe('method_not_allowed');
    expect(response.headers.allow).toBe('GET');
  });

  it('answers 400 bad_request for a body that is not JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/orgs/acme/projects',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: '{"key": "web",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('bad_request');
  });

  it('answers 415 unsupported_media_type for a body of another type, text/plain included', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/orgs/acme/projects',
        headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': contentType },
        payload: 'key=web',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().error).toBe('unsupported_media_type');
    }
  });

  it('answers 413 payload_too_large over 1 MiB and accepts a body just under it', async () => {
    const padding = (size: number) => JSON.stringify({ key: 'big', description: 'x'.repeat(size) });
    const over = await server.app.inject({
      method: 'POST',
      url: '/api/v1/orgs/acme/projects',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: padding(1024 * 1024),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe('payload_too_large');
    const under = await server.app.inject({
      method: 'POST',
      url: '/api/v1/orgs/acme/projects',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: padding(1024 * 1024 - 100),
    });
    // Under the limit the body is parsed and validated: the description is over 2,000 characters.
    expect(under.statusCode).toBe(400);
    expect(under.json().fields).toHaveProperty('description');
  });

  it('answers 204 with no body and no Content-Type', async () => {
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'wire' });
    const response = await server.call('owner', 'PUT', '/api/v1/orgs/acme/projects/wire', { name: 'Wire' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
  });

  it('answers JSON as application/json; charset=utf-8', async () => {
    const response = await server.call('owner', 'GET', '/api/v1/me');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('serves the OpenAPI document, the docs, the error reference and a health check', async () => {
    const openapi = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json().openapi).toMatch(/^3\.1/);
    const errors = await server.app.inject({ method: 'GET', url: '/docs/errors' });
    expect(errors.body).toContain('id="rate_limited"');
    expect(errors.body).toContain('id="internal_error"');
    const docs = await server.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});

describe('unexpected failures', () => {
  it('answers 500 internal_error with the request id and nothing internal', async () => {
    const store: Store = createMemoryStore();
    const broken: Store = {
      ...store,
      peek: (reader) => store.peek(reader),
      // Never at once: every read goes through `read`, which fails.
      readsAtOnce: () => false,
      read: () => Promise.reject(new Error('disk on fire at /secret/path')),
      write: (writer) => store.write(writer),
      snapshot: () => store.snapshot(),
      replace: (data) => store.replace(data),
      close: () => store.close(),
      onChange: (listener) => store.onChange(listener),
    };
    const failing = await startTestServer({ store: broken });
    const response = await failing.call('owner', 'GET', '/api/v1/orgs/acme');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.error).toBe('internal_error');
    expect(body.message).toContain(response.headers['x-request-id']);
    expect(response.body).not.toContain('secret');
    await failing.close();
  });
});
