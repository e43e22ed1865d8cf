/**
 * A real reference server for the provider's tests: `buildServer` from @flagplane/server on a real port,
 * organization `acme` with an owner's token, a count of the API requests it saw by method (a second plan
 * must send no write), and the lines it logged (no secret may be in them).
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';
import { type ApiRequestCounts, countApiRequests } from '@flagplane/test-support/request-counts';

export const ownerToken = `fp_pat_${'terraformowner'.padEnd(40, '0')}`;
/** The owner of another organization, `globex`, who must see nothing of `acme`. */
export const otherOrganizationToken = `fp_pat_${'globexowner'.padEnd(40, '0')}`;

export interface RunningServer {
  readonly baseUrl: string;
  /** Every line the server logged (its request log, at level info). */
  readonly logLines: () => readonly string[];
  readonly counts: () => ApiRequestCounts;
  readonly resetCounts: () => void;
  readonly close: () => Promise<void>;
}

export async function startServer(
  options: { readonly rateLimit?: { readonly max: number; readonly windowSeconds: number } } = {},
): Promise<RunningServer> {
  const logLines: string[] = [];
  const app = await buildServer({
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
    identities: {
      organizations: [
        { slug: 'acme', name: 'Acme Inc', plan: 'Pro' },
        { slug: 'globex', name: 'Globex', plan: 'Pro' },
      ],
      users: [
        {
          email: 'owner@acme.test',
          name: 'Olive Owner',
          memberships: { acme: 'Owner' },
          tokens: [ownerToken],
        },
        {
          email: 'owner@globex.test',
          name: 'Gus Globex',
          memberships: { globex: 'Owner' },
          tokens: [otherOrganizationToken],
        },
      ],
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const requests = countApiRequests(app.server);
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    logLines: () => [...logLines],
    counts: requests.counts,
    resetCounts: requests.reset,
    close: () => app.close(),
  };
}
