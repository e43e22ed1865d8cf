/**
 * §19's `since` and `until` over HTTP on a real port: every RFC 3339 date-time is accepted (any offset,
 * any fraction, lower-case `t`/`z`, a leap second), bounds compare as instants, and a date-time that is
 * not one is `400 validation_failed` naming the filter and why. Events are made at known instants by the
 * server's clock, a millisecond apart around 2000-01-01T00:00:00Z.
 */
import { ErrorBody } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokens } from './fixtures.js';

/** The projects created, each at its instant (the event of its creation carries it). */
const created = {
  p0: '1999-12-31T23:59:59.999Z',
  p1: '2000-01-01T00:00:00.000Z',
  p2: '2000-01-01T00:00:00.001Z',
  p3: '2000-01-01T01:00:00.000Z',
} as const;
type Key = keyof typeof created;
const all: Key[] = ['p0', 'p1', 'p2', 'p3'];

let server: TestServer;
let baseUrl = '';
let now = 0;
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  for (const [key, at] of Object.entries(created)) {
    now = Date.parse(at);
    const response = await get('/api/v1/orgs/acme/projects', {
      method: 'POST',
      body: JSON.stringify({ key }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
});
afterAll(() => server.close());

/** `query` is sent as written: `+` stays `+` (a space to the server); `%2B` is a plus. */
function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
  });
}

/** The projects whose creation the filtered log lists, oldest first. */
async function createdWithin(query: string): Promise<Key[]> {
  const response = await get(`/api/v1/orgs/acme/events?action=createProject&limit=200&${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const page = (await response.json()) as { items: { resource: { key: Key }; createdAt: string }[] };
  for (const event of page.items) expect(event.createdAt).toBe(created[event.resource.key]);
  return page.items.map((event) => event.resource.key).reverse();
}

describe('since and until take every RFC 3339 date-time (§19)', () => {
  it.each([
    ['2000-01-01T00:00:00Z', 'UTC, no fraction'],
    ['2000-01-01T00:00:00.000Z', 'the form the API answers with'],
    ['2000-01-01T02:00:00%2B02:00', 'a positive offset'],
    ['1999-12-31T19:00:00-05:00', 'a negative offset'],
    ['2000-01-01T05:45:00.000000%2B05:45', 'an offset in minutes, a long fraction'],
    ['2000-01-01T00:00:00-00:00', 'the unknown-offset -00:00'],
    ['2000-01-01t00:00:00z', 'lower-case t and z'],
    ['1999-12-31T23:59:60Z', 'a leap second (the instant 2000-01-01T00:00:00Z follows it)'],
    ['1999-12-31T15:59:60-08:00', 'a leap second in another offset'],
  ])('%s (%s) names 2000-01-01T00:00:00Z: since includes it, until excludes it', async (instant) => {
    expect(await createdWithin(`since=${instant}`)).toEqual(['p1', 'p2', 'p3']);
    expect(await createdWithin(`until=${instant}`)).toEqual(['p0']);
  });

  it('compares fractions of a millisecond as instants: events carry whole milliseconds', async () => {
    expect(await createdWithin('since=2000-01-01T00:00:00.0005Z')).toEqual(['p2', 'p3']);
    expect(await createdWithin('until=2000-01-01T00:00:00.0005Z')).toEqual(['p0', 'p1']);
    expect(await createdWithin('since=2000-01-01T00:00:00.001000000Z')).toEqual(['p2', 'p3']);
    expect(await createdWithin('until=2000-01-01T00:00:00.001%2B00:00')).toEqual(['p0', 'p1']);
    expect(await createdWithin('since=1999-12-31T23:59:59.9995Z')).toEqual(['p1', 'p2', 'p3']);
    expect(await createdWithin('since=1999-12-31T23:59:59.998999999999Z')).toEqual(all);
  });

  it('combines since and until in different offsets', async () => {
    const window = 'since=2000-01-01T01:00:00.000%2B01:00&until=1999-12-31T23:30:00-01:00';
    expect(await createdWithin(window)).toEqual(['p1', 'p2']);
  });

  it('reads a bound past either end of the years 0000–9999 as before or after every event', async () => {
    expect(await createdWithin('since=0000-01-01T00:00:00%2B01:00')).toEqual(all);
    expect(await createdWithin('until=0000-01-01T00:00:00%2B01:00')).toEqual([]);
    expect(await createdWithin('since=9999-12-31T23:00:00-02:00')).toEqual([]);
    expect(await createdWithin('until=9999-12-31T23:00:00-02:00')).toEqual(all);
  });

  it('takes the first of a repeated bound', async () => {
    const repeated = 'since=2000-01-01T00:00:00.001Z&since=1990-01-01T00:00:00Z';
    expect(await createdWithin(repeated)).toEqual(['p2', 'p3']);
  });
});

describe('a date-time that is not RFC 3339 is 400 validation_failed, naming the filter and why', () => {
  it.each([
    ['since=2000-01-01T02:00:00+02:00', 'since', "a '+' in a URL query must be sent as %2B"],
    ['until=2000-01-01T02:00:00%2002:00', 'until', "a '+' in a URL query must be sent as %2B"],
    ['since=2026-13-01T00:00:00Z', 'since', 'there is no month 13'],
    ['since=2023-02-29T00:00:00Z', 'since', '2023-02 has no day 29'],
    ['until=1998-12-31T23:58:60Z', 'until', 'a leap second (:60) falls at 23:59:60 UTC only'],
    ['until=2000-01-01T00:00:00%2B24:00', 'until', '+24:00 is not an offset'],
    ['since=2000-01-01', 'since', 'such as 2026-01-31T09:30:00Z'],
    ['since=2000-01-01T00:00:00%2B0200', 'since', 'such as'],
    ['since=2000-01-01%2000:00:00Z', 'since', 'such as'],
    ['since=2000-01-01T00:00:00', 'since', 'such as'],
    ['until=', 'until', 'such as'],
    ['since=yesterday', 'since', 'such as'],
  ])('%s', async (query, field, why) => {
    const response = await get(`/api/v1/orgs/acme/events?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const body = ErrorBody.parse(await response.json());
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
    expect(body.fields?.[field]?.[0]).toMatch(/^must be an RFC 3339 date-time/);
    expect(body.fields?.[field]?.[0]).toContain(why);
    expect(body.message).toContain(`${field}: must be an RFC 3339 date-time`);
  });
});
