/**
 * Pagination abuse (§6): cursors the server did not make, or made for another list, are 400 with
 * `fields.cursor`; limits are clamped or defaulted, never a 400 and never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebProject, startTestServer, type TestServer } from '../fixtures.js';
import { sendAsOwner } from './support/checked-request.js';

let server: TestServer;
const project = '/api/v1/orgs/acme/projects/web';

beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 1_000_000, windowSeconds: 60 } });
  await seedWebProject(server); // two flags
  await server.call('owner', 'POST', `${project}/flags`, { key: 'third', type: 'Boolean' });
  await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'other' });
  for (const key of ['beta', 'gamma']) await server.call('owner', 'POST', `${project}/segments`, { key });
});
afterAll(() => server.close());

const get = (url: string) => sendAsOwner(server.app, 'GET', url);

async function realCursor(url: string): Promise<string> {
  const page = (await server.call('owner', 'GET', url)).json();
  expect(page.next_cursor).toEqual(expect.any(String));
  return page.next_cursor;
}

describe('cursors (§6): only the server makes them, for one list', () => {
  it('refuses forged, tampered, foreign and garbage cursors with 400 fields.cursor', async () => {
    const flags = await realCursor(`${project}/flags?limit=1`);
    const segments = await realCursor(`${project}/segments?limit=1`);
    const projects = await realCursor('/api/v1/orgs/acme/projects?limit=1');
    const [payload, signature] = flags.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ l: 'flags', a: ['zzz'] })).toString('base64url');
    const tampered = `${flags.slice(0, -1)}${flags.at(-1) === 'A' ? 'B' : 'A'}`;
    const refused: [string, string, string][] = [
      ['empty', project, ''],
      ['garbage', project, 'not-a-cursor'],
      ['two dots', project, 'a.b.c'],
      ['forged payload, copied signature', project, `${forgedPayload}.${signature}`],
      ['tampered signature', project, tampered],
      ['no signature', project, `${payload}.`],
      ['a cursor of the segments list', project, segments],
      ['a cursor of the projects list', project, projects],
      ['a flags cursor of another project', '/api/v1/orgs/acme/projects/other', flags],
      ['100k characters', project, 'A'.repeat(100_000)],
      ['unicode', project, 'ü🚩.ü🚩'],
    ];
    for (const [what, base, cursor] of refused) {
      const { status, body } = await get(`${base}/flags?cursor=${encodeURIComponent(cursor)}`);
      expect(status, what).toBe(400);
      expect(body.error, what).toBe('validation_failed');
      expect(Object.keys(body.fields), what).toEqual(['cursor']);
    }
    for (const raw of ['%00%00.%00', `${flags}&cursor=${flags}`, '%ZZ']) {
      const { status, body } = await get(`${project}/flags?cursor=${raw}`);
      expect(status, raw).toBe(400);
      expect(Object.keys(body.fields), raw).toEqual(['cursor']);
    }
  });

  it('still accepts its own cursor afterwards', async () => {
    const cursor = await realCursor(`${project}/flags?limit=1`);
    const { status, body } = await get(`${project}/flags?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
  });
});

describe('limit abuse (§6: clamped or the default, never 400)', () => {
  it.each([
    ['-1', 1],
    ['0', 1],
    ['-99999999999999999999', 1],
    ['1e9', 3],
    ['NaN', 3],
    ['Infinity', 3],
    ['2.5', 3],
    ['0x2', 3],
    ['', 3],
    ['%00', 3],
    ['%ZZ', 3],
    ['99999999999999999999999', 3],
    ['1&limit=3', 1],
    ['3&limit=1', 3],
  ])('limit=%s pages %i of 3 flags', async (limit, expected) => {
    const { status, body } = await get(`${project}/flags?limit=${limit}`);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(expected);
  });
});
