/**
 * A server under test: the real app (`buildServer`) on an in-memory store, or, in the "on PostgreSQL"
 * project (vitest.config.ts, §22), on a PostgreSQL store with a database of its own: the same tests, both
 * stores. A fixed cast of callers, and every success body checked against the contract; error bodies
 * are checked by `call`.
 */
import { ErrorBody } from '@flagplane/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { type BuildServerOptions, buildServer } from '../src/app.js';
import type { IdentityDocument } from '../src/identity/identity-document.js';
import { openPostgresStore } from '../src/store/postgres/postgres-store.js';
import type { Store } from '../src/store/store.js';
import { createTestDatabase } from './support/test-databases.js';

/** The store the black-box tests run on: `FLAGPLANE_TEST_STORE=postgres` in the "on PostgreSQL" project. */
export const testStore: 'memory' | 'postgres' =
  process.env.FLAGPLANE_TEST_STORE === 'postgres' ? 'postgres' : 'memory';

/** A store for a test server: undefined (buildServer's memory store), or PostgreSQL on a new database. */
async function storeForTest(): Promise<Store | undefined> {
  if (testStore === 'memory') return undefined;
  return openPostgresStore({ url: await createTestDatabase(inject('postgresUrl')), poolSize: 4 });
}

const token = (prefix: 'pat' | 'svc', name: string) => `fp_${prefix}_${name.padEnd(40, '0')}`;

export const tokens = {
  owner: token('pat', 'owner'),
  admin: token('pat', 'admin'),
  member: token('pat', 'member'),
  viewer: token('pat', 'viewer'),
  outsider: token('pat', 'outsider'),
  scopedBot: token('svc', 'scopedbot'),
  adminBot: token('svc', 'adminbot'),
} as const;
export type Caller = keyof typeof tokens;

export const identities: IdentityDocument = {
  organizations: [
    { slug: 'acme', name: 'Acme Inc', plan: 'Pro' },
    { slug: 'globex', name: 'Globex', plan: 'Solo' },
  ],
  users: [
    {
      email: 'owner@acme.test',
      name: 'Olive Owner',
      emailVerified: true,
      memberships: { acme: 'Owner' },
      tokens: [tokens.owner],
    },
    { email: 'admin@acme.test', name: 'Ada Admin', memberships: { acme: 'Admin' }, tokens: [tokens.admin] },
    {
      email: 'member@acme.test',
      name: 'Max Member',
      memberships: { acme: 'Member' },
      tokens: [tokens.member],
    },
    {
      email: 'viewer@acme.test',
      name: 'Vic Viewer',
      memberships: { acme: 'Viewer' },
      tokens: [tokens.viewer],
    },
    {
      email: 'owner@globex.test',
      name: 'Gus Globex',
      memberships: { globex: 'Owner' },
      tokens: [tokens.outsider],
    },
  ],
  serviceTokens: [
    {
      name: 'deploy-bot',
      organization: 'acme',
      role: 'Member',
      projectScope: ['web'],
      token: tokens.scopedBot,
    },
    { name: 'admin-bot', organization: 'acme', role: 'Admin', token: tokens.adminBot },
  ],
};

export interface TestServer {
  readonly app: FastifyInstance;
  /** Sends a request as `caller` (JSON body when given) and checks any error body against the contract. */
  call(
    caller: Caller | null,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestServer(options: BuildServerOptions = {}): Promise<TestServer> {
  const ownStore = options.store ? undefined : await storeForTest();
  const app = await buildServer({
    identities,
    validateResponses: true,
    ...options,
    ...(ownStore ? { store: ownStore } : {}),
  });
  return {
    app,
    async call(caller, method, url, body) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(caller ? { authorization: `Bearer ${tokens[caller]}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (response.statusCode >= 400) {
        const parsed = ErrorBody.safeParse(response.json());
        expect(parsed.success, `error body of ${method} ${url}: ${response.body}`).toBe(true);
      }
      return response;
    },
    async close() {
      await app.close();
      await ownStore?.close();
    },
  };
}

/** A project `web` with a Boolean flag `new-checkout` and a String flag `banner-text`, as `owner`. */
export async function seedWebProject(server: TestServer): Promise<void> {
  const created = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', {
    key: 'web',
    name: 'Web',
  });
  expect(created.statusCode).toBe(201);
  const flag = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects/web/flags', {
    key: 'new-checkout',
    type: 'Boolean',
  });
  expect(flag.statusCode).toBe(201);
  const banner = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects/web/flags', {
    key: 'banner-text',
    type: 'String',
    variations: [
      { key: 'hello', value: 'Hello' },
      { key: 'welcome', value: 'Welcome' },
    ],
  });
  expect(banner.statusCode).toBe(201);
}
