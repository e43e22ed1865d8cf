/** Calls to a server process on its real port as the fixtures' Owner, shared by the process tests. */
import type { RunningServer } from '@flagplane/test-support/server-process';
import { expect } from 'vitest';
import { tokens } from '../fixtures.js';

export const projectUrl = '/api/v1/orgs/acme/projects/web';

export async function call(
  server: Pick<RunningServer, 'baseUrl'>,
  method: string,
  path: string,
  body?: unknown,
  token: string = tokens.owner,
): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Every flag key of project `web`, page by page. */
export async function flagKeys(server: Pick<RunningServer, 'baseUrl'>): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await call(server, 'GET', `${projectUrl}/flags?limit=200${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { key: string }[]; next_cursor: string | null };
    keys.push(...body.items.map((flag) => flag.key));
    cursor = body.next_cursor;
  } while (cursor);
  return keys;
}

export const createFlag = (server: Pick<RunningServer, 'baseUrl'>, key: string) =>
  call(server, 'POST', `${projectUrl}/flags`, { key, type: 'Boolean' });
