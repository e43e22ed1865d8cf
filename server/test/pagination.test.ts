import { FlagPage } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './fixtures.js';

let server: TestServer;
const flags = '/api/v1/orgs/acme/projects/paged/flags';
const keyOf = (index: number) => `flag-${String(index).padStart(3, '0')}`;

beforeAll(async () => {
  server = await startTestServer();
  await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'paged' });
  for (let index = 0; index < 230; index++) {
    const response = await server.call('owner', 'POST', flags, { key: keyOf(index), type: 'Boolean' });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(() => server.close());

async function page(query: string) {
  const response = await server.call('viewer', 'GET', `${flags}?${query}`);
  expect(response.statusCode).toBe(200);
  return FlagPage.parse(response.json());
}

describe('pagination (§6)', () => {
  it('defaults to 50 and clamps limit into 1..200; a non-integer limit is the default', async () => {
    expect((await page('')).items).toHaveLength(50);
    expect((await page('limit=500')).items).toHaveLength(200);
    expect((await page('limit=0')).items).toHaveLength(1);
    expect((await page('limit=-3')).items).toHaveLength(1);
    expect((await page('limit=abc')).items).toHaveLength(50);
    expect((await page('limit=2.5')).items).toHaveLength(50);
  });

  it('walks every item once in key order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const current = await page(`limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...current.items.map((flag) => flag.key ?? ''));
      cursor = current.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 230 }, (_, index) => keyOf(index)));
  });

  it('answers next_cursor null on a full last page (no empty extra page)', async () => {
    const first = await page('limit=200');
    const last = await page(`limit=30&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect(last.items).toHaveLength(30);
    expect(last.next_cursor).toBeNull();
  });

  it('returns every unchanged item exactly once while items are created and deleted between pages', async () => {
    const first = await page('limit=100');
    // Delete one already seen and one not yet seen, and create one before and one after the cursor.
    await server.call('owner', 'DELETE', `${flags}/${keyOf(10)}`);
    await server.call('owner', 'DELETE', `${flags}/${keyOf(150)}`);
    await server.call('owner', 'POST', flags, { key: 'flag-000a', type: 'Boolean' });
    await server.call('owner', 'POST', flags, { key: 'flag-200a', type: 'Boolean' });
    const rest: string[] = [];
    let cursor = first.next_cursor;
    while (cursor) {
      const current = await page(`limit=100&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...current.items.map((flag) => flag.key ?? ''));
      cursor = current.next_cursor;
    }
    const all = [...first.items.map((flag) => flag.key ?? ''), ...rest];
    const unchanged = Array.from({ length: 230 }, (_, index) => keyOf(index)).filter(
      (key) => key !== keyOf(10) && key !== keyOf(150),
    );
    for (const key of unchanged) expect(all.filter((seen) => seen === key)).toHaveLength(1);
    expect(rest).toContain('flag-200a');
    expect(rest).not.toContain('flag-000a');
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['a tampered signature', 'eyJsIjoiZmxhZ3MifQ.AAAA'],
  ])('answers 400 validation_failed with fields.cursor for %s', async (_case, cursor) => {
    const response = await server.call('viewer', 'GET', `${flags}?cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_failed',
      fields: { cursor: expect.any(Array) },
    });
  });

  it('refuses a cursor made for another list', async () => {
    const projects = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects?limit=1')).json();
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'zz-second' });
    const projectCursor = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects?limit=1')).json()
      .next_cursor;
    expect(projects.items).toHaveLength(1);
    const response = await server.call(
      'viewer',
      'GET',
      `${flags}?cursor=${encodeURIComponent(projectCursor)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('cursor');
  });
});
