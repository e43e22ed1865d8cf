/**
 * A real Flagplane server on a real port for the provider's tests, with project `web`: `new-checkout`
 * (Boolean, on in production, a rule serving `true` to plan `pro`) and `banner-text` (String, off).
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const owner = `fp_pat_${'owner'.padEnd(40, '0')}`;
const identities = {
  organizations: [{ slug: 'acme', name: 'Acme Inc', plan: 'Pro' as const }],
  users: [
    {
      email: 'owner@acme.test',
      name: 'Olive Owner',
      memberships: { acme: 'Owner' as const },
      tokens: [owner],
    },
  ],
};
export const web = '/api/v1/orgs/acme/projects/web';

export interface FlagServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  /** A call of the management API as the organization's owner; fails the test on an error status. */
  // biome-ignore lint/suspicious/noExplicitAny: like `response.json()`, tests read what they expect
  api(method: string, route: string, body?: unknown): Promise<any>;
  /** A new SDK key of production: its plaintext and id. */
  sdkKey(type?: 'ServerSide' | 'ClientSide'): Promise<{ readonly key: string; readonly id: string }>;
  close(): Promise<void>;
}

export async function startFlagServer(
  options: { rateLimit?: { max: number; windowSeconds: number } } = {},
): Promise<FlagServer> {
  const app = await buildServer({ identities, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${owner}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${route}`).toBeLessThan(300);
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  };
  await api('POST', '/api/v1/orgs/acme/projects', { key: 'web' });
  const flag = await api('POST', `${web}/flags`, { key: 'new-checkout', type: 'Boolean' });
  const on = flag.variations.find((variation: { key: string }) => variation.key === 'true').id;
  await api('POST', `${web}/flags/new-checkout/environments/production/toggle`, { enabled: true });
  await api('PUT', `${web}/flags/new-checkout/environments/production`, { strategy: 'TargetedRollout' });
  await api('POST', `${web}/flags/new-checkout/environments/production/rules`, {
    variationId: on,
    conditionGroups: [{ conditions: [{ attribute: 'plan', operator: 'In', values: ['pro'] }] }],
  });
  await api('POST', `${web}/flags`, {
    key: 'banner-text',
    type: 'String',
    variations: [
      { key: 'hello', value: 'Hello' },
      { key: 'welcome', value: 'Welcome back' },
    ],
  });
  return {
    app,
    baseUrl,
    api,
    sdkKey: async (type = 'ServerSide') => {
      const created = await api('POST', `${web}/environments/production/sdk-keys`, { type });
      return { key: created.key as string, id: created.id as string };
    },
    close: () => app.close(),
  };
}

/** The next time `register` calls its handler, with what it was called with. */
export function next<T>(register: (handler: (details: T) => void) => void): Promise<T> {
  return new Promise((resolve) => register(resolve));
}
