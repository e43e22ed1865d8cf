/**
 * A real reference server for the CLI's tests: `buildServer` from @flagplane/server on a real port, with
 * an organization `acme` and tokens for it, and a count of every request the server saw by method (so a
 * test can assert that a second apply sends no write).
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';

const token = (prefix: 'pat' | 'svc', name: string) => `fp_${prefix}_${name.padEnd(40, '0')}`;

export const tokens = {
  owner: token('pat', 'owner'),
  viewer: token('pat', 'viewer'),
} as const;

export const identities = {
  organizations: [{ slug: 'acme', name: 'Acme Inc', plan: 'Pro' as const }],
  users: [
    {
      email: 'owner@acme.test',
      name: 'Olive Owner',
      memberships: { acme: 'Owner' as const },
      tokens: [tokens.owner],
    },
    {
      email: 'viewer@acme.test',
      name: 'Vic Viewer',
      memberships: { acme: 'Viewer' as const },
      tokens: [tokens.viewer],
    },
  ],
};

export interface RunningTestServer {
  readonly baseUrl: string;
  /** Requests seen since the last `resetCounts`, by method. */
  readonly counts: () => {
    readonly total: number;
    readonly writes: number;
    readonly byMethod: Record<string, number>;
  };
  readonly resetCounts: () => void;
  readonly close: () => Promise<void>;
}

export async function startTestServer(
  options: { rateLimit?: { max: number; windowSeconds: number } } = {},
): Promise<RunningTestServer> {
  const app = await buildServer({
    identities,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let byMethod: Record<string, number> = {};
  // The Fastify app is ready (hooks closed), but its Node server can still be observed.
  app.server.on('request', (request) => {
    if (!request.url?.startsWith('/api/v1')) return;
    const method = request.method ?? 'GET';
    byMethod[method] = (byMethod[method] ?? 0) + 1;
  });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts: () => {
      const total = Object.values(byMethod).reduce((sum, count) => sum + count, 0);
      return { total, writes: total - (byMethod.GET ?? 0), byMethod: { ...byMethod } };
    },
    resetCounts: () => {
      byMethod = {};
    },
    close: () => app.close(),
  };
}
