/**
 * The reference server on a real port, serving the console this package built (dist/, found by the
 * server through `@flagplane/console`), with a fixed cast of callers and a project to look at.
 */
import { createClient, type FlagplaneClient } from '@flagplane/sdk';
import { buildServer, type IdentityDocument } from '@flagplane/server';

const token = (prefix: 'pat' | 'svc', name: string) => `fp_${prefix}_${name.padEnd(40, '0')}`;

export const tokens = {
  owner: token('pat', 'owner'),
  viewer: token('pat', 'viewer'),
  /** Well-formed, but no identity has it: the server answers 401. */
  unknown: token('pat', 'nobody'),
} as const;

export const org = 'acme';
export const project = 'shop';
export const environments = ['development', 'staging', 'production'] as const;

const identities: IdentityDocument = {
  organizations: [{ slug: org, name: 'Acme Inc', plan: 'Pro' }],
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
  ],
  serviceTokens: [],
};

export interface ConsoleServer {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** An SDK client signed in as the owner, to set the scene and read back what the console did. */
  readonly owner: FlagplaneClient;
  close(): Promise<void>;
}

export async function startConsoleServer(): Promise<ConsoleServer> {
  const app = await buildServer({
    identities,
    rateLimit: { max: 1_000_000, windowSeconds: 60 },
    validateResponses: true,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = createClient({ baseUrl, token: tokens.owner });
  return { baseUrl, owner, close: () => app.close() };
}

/** `count` Boolean flags `flag-0000`…, created `concurrency` at a time. */
export async function createFlags(client: FlagplaneClient, count: number, concurrency = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const key = `flag-${String(index).padStart(4, '0')}`;
      await client.flags.create(org, project, {
        key,
        type: 'Boolean',
        name: `Flag ${index}`,
        tags: index % 10 === 0 ? ['checkout'] : ['misc'],
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The project with its three environments. */
export async function createProject(client: FlagplaneClient): Promise<void> {
  await client.projects.create(org, {
    key: project,
    name: 'Shop',
    environments: environments.map((key) => ({ key })),
  });
}
