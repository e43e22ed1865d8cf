/** `reset()` isolates tests: 200 tests each creating flags leave nothing behind. */
import { describe, expect, it } from 'vitest';
import { setupFlagplaneMock } from '../src/vitest.js';

const flagplane = setupFlagplaneMock({ baseUrl: 'http://reset.test' });

async function send(method: string, path: string, body?: unknown) {
  return fetch(`${flagplane.mock.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${flagplane.mock.tokens.owner}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('reset between tests', () => {
  it.each(Array.from({ length: 200 }, (_, index) => index))('test %i starts from the seed', async (index) => {
    const projects = (await (await send('GET', '/api/v1/orgs/acme/projects')).json()) as { items: unknown[] };
    expect(projects.items).toEqual([]);
    expect((await send('POST', '/api/v1/orgs/acme/projects', { key: 'web' })).status).toBe(201);
    expect(
      (await send('POST', '/api/v1/orgs/acme/projects/web/flags', { key: `flag-${index}`, type: 'Boolean' }))
        .status,
    ).toBe(201);
    expect(flagplane.mock.requests).toHaveLength(3);
  });

  it('snapshots the current state', async () => {
    await send('POST', '/api/v1/orgs/acme/projects', { key: 'snap' });
    const snapshot = flagplane.mock.snapshot();
    expect(Object.values(snapshot.projects).map((project) => project.key)).toEqual(['snap']);
    // A snapshot is a copy: changing it changes nothing in the mock.
    snapshot.projects = {};
    expect((await send('GET', '/api/v1/orgs/acme/projects/snap')).status).toBe(200);
  });

  it('starts with fresh rate-limit counts after a reset', async () => {
    const response = await send('GET', '/api/v1/me');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('599');
  });
});
