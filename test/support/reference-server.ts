/**
 * A real reference server (`buildServer` from @flagplane/server on a loopback port) with organization
 * `acme` and an Owner token, for tests that deploy against the live API.
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';

export const ownerToken = `fp_pat_${'deployowner'.padEnd(40, '0')}`;

export interface ReferenceServer {
  readonly baseUrl: string;
  /** GET under `/api/v1/orgs/acme`, parsed. */
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  /** A write under `/api/v1/orgs/acme`, as another tool would make it. */
  send(method: string, path: string, body?: unknown): Promise<number>;
  /** How many writes (requests other than GET and HEAD) the API has answered so far, from anyone. */
  writes(): number;
  close(): Promise<void>;
}

export async function startReferenceServer(): Promise<ReferenceServer> {
  const app = await buildServer({
    identities: {
      organizations: [{ slug: 'acme', name: 'Acme Inc', plan: 'Pro' }],
      users: [
        {
          email: 'owner@acme.test',
          name: 'Olive Owner',
          memberships: { acme: 'Owner' },
          tokens: [ownerToken],
        },
      ],
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Counted on the HTTP server itself (the app is sealed once built): every request, answered or not.
  let writes = 0;
  app.server.on('request', (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url?.startsWith('/api/')) writes++;
  });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' };
  return {
    baseUrl,
    async get<T>(path: string) {
      const response = await fetch(`${baseUrl}/api/v1/orgs/acme${path}`, { headers });
      return (await response.json()) as T;
    },
    async send(method: string, path: string, body?: unknown) {
      const response = await fetch(`${baseUrl}/api/v1/orgs/acme${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    writes: () => writes,
    close: () => app.close(),
  };
}
