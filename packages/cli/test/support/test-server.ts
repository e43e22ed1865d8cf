/**
 * A real reference server for the CLI's tests: `buildServer` from @flagplane/server on a real port, with
 * an organization `acme` and tokens for it, and a count of every request the server saw by method (so a
 * test can assert that a second apply sends no write).
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';
import { type ApiRequestCounts, countApiRequests } from '@flagplane/test-support/request-counts';

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
  readonly counts: () => ApiRequestCounts;
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
  const requests = countApiRequests(app.server);
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts: requests.counts,
    resetCounts: requests.reset,
    close: () => app.close(),
  };
}
