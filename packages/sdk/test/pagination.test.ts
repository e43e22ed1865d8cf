import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient, type FetchFunction, Page, UserAbortError } from '../src/index.js';
import { org, type ReferenceServer, startReferenceServer, tokens } from './support/reference-server.js';

const project = 'paged';
const flagCount = 1000;
const expectedKeys = Array.from(
  { length: flagCount },
  (_, index) => `flag-${String(index).padStart(4, '0')}`,
);

let server: ReferenceServer;

/** A client that counts the list requests it sends. */
function countingClient() {
  const requests: URL[] = [];
  const fetch: FetchFunction = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/flags')) requests.push(url);
    return globalThis.fetch(input, init);
  };
  return { client: createClient({ baseUrl: server.baseUrl, token: tokens.owner, fetch }), requests };
}

beforeAll(async () => {
  server = await startReferenceServer();
  const client = createClient({ baseUrl: server.baseUrl, token: tokens.owner });
  await client.projects.create(org, { key: project });
  // Twenty at a time: fast, without queueing a thousand sockets at once.
  for (let start = 0; start < flagCount; start += 20) {
    await Promise.all(
      expectedKeys
        .slice(start, start + 20)
        .map((key) => client.flags.create(org, project, { key, type: 'Boolean', tags: ['bulk'] })),
    );
  }
}, 60_000);

afterAll(() => server.close());

describe('list methods', () => {
  test('for await walks 1,000 flags with limit 7 and returns every key exactly once', async () => {
    const { client, requests } = countingClient();
    const keys: string[] = [];
    for await (const flag of client.flags.list(org, project, { limit: 7 })) keys.push(flag.key ?? '');

    expect(keys).toHaveLength(flagCount);
    expect(new Set(keys).size).toBe(flagCount);
    expect(keys).toEqual(expectedKeys);
    expect(requests).toHaveLength(Math.ceil(flagCount / 7));
    expect(requests.every((url) => url.searchParams.get('limit') === '7')).toBe(true);
  });

  test('await gives the first page, and getNextPage follows the cursor', async () => {
    const { client } = countingClient();
    const first = await client.flags.list(org, project, { limit: 7 });

    expect(first).toBeInstanceOf(Page);
    expect(first.items.map((flag) => flag.key)).toEqual(expectedKeys.slice(0, 7));
    expect(first.hasNextPage()).toBe(true);
    expect(first.actions.create?.allowed).toBe(true);
    const second = await first.getNextPage();
    expect(second.items.map((flag) => flag.key)).toEqual(expectedKeys.slice(7, 14));
  });

  test('pages() walks whole pages and stops on a null next_cursor', async () => {
    const { client } = countingClient();
    const sizes: number[] = [];
    let last: Page<unknown> | undefined;
    for await (const page of client.flags.list(org, project, { limit: 200 }).pages()) {
      sizes.push(page.items.length);
      last = page;
    }

    expect(sizes).toEqual([200, 200, 200, 200, 200]);
    expect(last?.nextCursor).toBeNull();
    expect(last?.hasNextPage()).toBe(false);
    await expect(last?.getNextPage()).rejects.toThrow(/last page/);
  });

  test('fetches the next page only when the current one is used up', async () => {
    const { client, requests } = countingClient();
    const iterator = client.flags.list(org, project, { limit: 7 })[Symbol.asyncIterator]();
    expect(requests).toHaveLength(0);

    for (let item = 0; item < 7; item++) await iterator.next();
    expect(requests).toHaveLength(1);
    await iterator.next();
    expect(requests).toHaveLength(2);
    await iterator.return?.();
  });

  test('breaking out of the loop sends no further request', async () => {
    const { client, requests } = countingClient();
    let seen = 0;
    for await (const _flag of client.flags.list(org, project, { limit: 7 })) {
      if (++seen === 10) break;
    }
    expect(requests).toHaveLength(2);
  });

  test('filters go with every page request', async () => {
    const { client, requests } = countingClient();
    let count = 0;
    for await (const _flag of client.flags.list(org, project, {
      tag: 'bulk',
      search: 'flag-09',
      limit: 30,
    })) {
      count++;
    }
    expect(count).toBe(100);
    expect(requests).toHaveLength(4);
    expect(requests.every((url) => url.searchParams.get('tag') === 'bulk')).toBe(true);
  });

  test('an abort signal stops the walk', async () => {
    const { client, requests } = countingClient();
    const controller = new AbortController();
    let seen = 0;
    const walk = (async () => {
      for await (const _flag of client.flags.list(
        org,
        project,
        { limit: 7 },
        { signal: controller.signal },
      )) {
        if (++seen === 20) controller.abort();
      }
    })();

    await expect(walk).rejects.toBeInstanceOf(UserAbortError);
    expect(seen).toBe(20);
    expect(requests).toHaveLength(3);
  });
});
