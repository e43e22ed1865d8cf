/**
 * A real reference server for the provider's tests: `buildServer` from @flagplane/server on a real port,
 * organization `acme` with an owner's token, a count of the API requests it saw by method (a second plan
 * must send no write), and the lines it logged (no secret may be in them).
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';

export const ownerToken = `fp_pat_${'terraformowner'.padEnd(40, '0')}`;
/** The owner of another organization, `globex`, who must see nothing of `acme`. */
export const otherOrganizationToken = `fp_pat_${'globexowner'.padEnd(40, '0')}`;

export interface RunningServer {
  readonly baseUrl: string;
  /** Every line the server logged (its request log, at level info). */
  readonly logLines: () => readonly string[];
  readonly counts: () => { readonly total: number; readonly writes: number; readonly rateLimited: number };
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
  let total = 0;
  let writes = 0;
  let rateLimited = 0;
  app.server.on('request', (request, response) => {
    if (!request.url?.startsWith('/api/v1')) return;
    total += 1;
    if (request.method !== 'GET') writes += 1;
    response.on('finish', () => {
      if (response.statusCode === 429) rateLimited += 1;
    });
  });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    logLines: () => [...logLines],
    counts: () => ({ total, writes, rateLimited }),
    resetCounts: () => {
      total = 0;
      writes = 0;
      rateLimited = 0;
    },
    close: () => app.close(),
  };
}
