/**
 * The real reference server on a real port, for tests that go through HTTP exactly as users do: the
 * app from `@flagplane/server`'s public entry, an in-memory store, and a fixed cast of callers.
 */
import { buildServer, type IdentityDocument } from '@flagplane/server';

const token = (prefix: 'pat' | 'svc', name: string) => `fp_${prefix}_${name.padEnd(40, '0')}`;

export const tokens = {
  owner: token('pat', 'owner'),
  viewer: token('pat', 'viewer'),
  outsider: token('pat', 'outsider'),
} as const;

export const org = 'acme';

export const identities: IdentityDocument = {
  organizations: [
    { slug: org, name: 'Acme Inc', plan: 'Pro' },
    { slug: 'globex', name: 'Globex', plan: 'Solo' },
  ],
  users: [
    {
      email: 'owner@acme.test',
      name: 'Olive Owner',
      emailVerified: true,
      memberships: { [org]: 'Owner' },
      tokens: [tokens.owner],
    },
    {
      email: 'viewer@acme.test',
      name: 'Vic Viewer',
      memberships: { [org]: 'Viewer' },
      tokens: [tokens.viewer],
    },
    {
      email: 'gus@globex.test',
      name: 'Gus Globex',
      memberships: { globex: 'Owner' },
      tokens: [tokens.outsider],
    },
  ],
  serviceTokens: [],
};

export interface ReferenceServer {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** How many requests have reached the server's socket, so far. */
  requestsReceived(): number;
  close(): Promise<void>;
}

export interface ReferenceServerOptions {
  /** @default far more than any test sends, so only rate-limit tests meet a 429 */
  readonly rateLimit?: { readonly max: number; readonly windowSeconds: number };
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const app = await buildServer({
    identities,
    rateLimit: options.rateLimit ?? { max: 1_000_000, windowSeconds: 60 },
    validateResponses: true,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  let requestsReceived = 0;
  app.server.on('request', () => requestsReceived++);
  return { baseUrl, requestsReceived: () => requestsReceived, close: () => app.close() };
}
