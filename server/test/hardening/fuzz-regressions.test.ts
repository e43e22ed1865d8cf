/**
 * Counterexamples the fuzzer (fuzz.test.ts) found, shrunk, kept as explicit tests so they stay fixed.
 */
import { ErrorBody } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer, tokens } from '../fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedWebProject(server);
});
afterAll(() => server.close());

async function send(method: 'GET' | 'PUT' | 'DELETE', url: string) {
  const before = server.app.store.snapshot();
  const response = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
    ...(method === 'PUT' ? { payload: '{"name":"x"}' } : {}),
  });
  expect(server.app.store.snapshot()).toEqual(before);
  expect(response.headers['x-request-id']).toBeTruthy();
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { status: response.statusCode, body: ErrorBody.parse(response.json()) };
}

describe('fuzz regressions', () => {
  // Found: `DELETE /api/v1/orgs/acme/projects/%ZZ/flags/…/rules/<uuid>` answered Fastify's own body
  // ({"error":"Bad Request","code":"FST_ERR_BAD_URL",…}), which is not the contract's ErrorBody.
  it.each([
    '/api/v1/orgs/acme/projects/%ZZ/flags/banner-text',
    '/api/v1/orgs/%u0041/projects/web/flags/new-checkout',
    '/api/v1/orgs/acme/projects/%E0%A4%A/flags/banner-text/variations/welcome',
    '/api/v1/orgs/acme/projects/web/flags/%C0%AF',
  ])('answers a URL that does not decode (%s) with 400 bad_request in the error body', async (url) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const { status, body } = await send(method, url);
      expect(status).toBe(400);
      expect(body.error).toBe('bad_request');
      expect(body.docs_url).toMatch(/\/docs\/errors#bad_request$/);
    }
  });

  // Found: a path value over the router's maxParamLength (500) answered 414 with Fastify's own body;
  // 414 is no status of the contract. No key or id is that long, so it names nothing: 404 (§1).
  it('answers a path value longer than any key or id with 404 not_found in the error body', async () => {
    for (const url of [
      `/api/v1/orgs/${'y'.repeat(501)}/projects/web/environments`,
      `/api/v1/orgs/acme/projects/${'x'.repeat(600)}/segments/beta`,
    ]) {
      const { status, body } = await send('PUT', url);
      expect(status).toBe(404);
      expect(body.error).toBe('not_found');
      expect(body.message.length).toBeLessThan(400); // the path is not echoed in full
    }
  });

  it('still answers a valid long-but-allowed flag key path normally', async () => {
    const { status } = await send('GET', `/api/v1/orgs/acme/projects/web/flags/${'k'.repeat(128)}`);
    expect(status).toBe(404);
  });
});
