/**
 * A real reference server on a loopback port with one flag for each type and each reason of §23, for
 * the standard OFREP clients to read, and SDK keys of both types. Browsers on `corsOrigins` may call it.
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from '@flagplane/server';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const ownerToken = `fp_pat_${'ofrepowner'.padEnd(40, '0')}`;
const project = '/api/v1/orgs/acme/projects/shop';

export interface OfrepWorld {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly serverSideKey: { readonly id: string; readonly key: string };
  readonly clientSideKey: { readonly id: string; readonly key: string };
  /** The id of `targeted`'s rule (served to Dutch contexts). */
  readonly ruleId: string;
  /** A call of the management API as the owner; fails the test on an error status. */
  // biome-ignore lint/suspicious/noExplicitAny: like `response.json()`, tests read what they expect
  api(method: string, path: string, body?: unknown): Promise<any>;
  close(): Promise<void>;
}

export interface OfrepWorldOptions {
  readonly corsOrigins?: readonly string[];
  readonly rateLimit?: { readonly max: number; readonly windowSeconds: number };
}

/**
 * The flags of project `shop`, production:
 * - `kill-switch` Boolean, on, SingleVariation serving `true` (STATIC); client-side visible
 * - `banner` String, on, serving "Welcome" (STATIC); client-side visible
 * - `max-items` Number 25 and `ratio` Number 0.75 (STATIC)
 * - `theme` Json {"color":"blue","sizes":[1,2]} (STATIC); client-side visible
 * - `off-flag` Boolean, disabled (DISABLED)
 * - `targeted` String, TargetedRollout: "dutch" to country NL (TARGETING_MATCH), else "other" (DEFAULT); client-side visible
 * - `split` Boolean, 50/50 percentage rollout (SPLIT; no targetingKey: TARGETING_KEY_MISSING)
 * - `gated` Boolean, prerequisite `targeted` = dutch (PREREQUISITE_FAILED for others)
 */
export async function startOfrepWorld(options: OfrepWorldOptions = {}): Promise<OfrepWorld> {
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
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${ownerToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return text ? JSON.parse(text) : undefined;
  };
  await api('POST', '/api/v1/orgs/acme/projects', { key: 'shop', name: 'Shop' });
  /** A flag with its variations, on in production and serving `serve` (by key) with SingleVariation. */
  const flag = async (
    key: string,
    type: string,
    variations: Record<string, string>,
    serve: string,
    clientSideVisible = false,
  ) => {
    const created = await api('POST', `${project}/flags`, {
      key,
      type,
      clientSideVisible,
      // A Boolean flag has its two variations, `true` and `false`, from the start (§8).
      ...(type === 'Boolean'
        ? {}
        : {
            variations: Object.entries(variations).map(([variation, value]) => ({ key: variation, value })),
          }),
    });
    const ids: Record<string, string> = Object.fromEntries(
      created.variations.map((variation: { key: string; id: string }) => [variation.key, variation.id]),
    );
    await api('PUT', `${project}/flags/${key}/environments/production`, {
      isEnabled: true,
      defaultVariationId: ids[serve],
    });
    return ids;
  };
  await flag('kill-switch', 'Boolean', { true: 'true', false: 'false' }, 'true', true);
  await flag('banner', 'String', { welcome: 'Welcome', hello: 'Hello' }, 'welcome', true);
  await flag('max-items', 'Number', { many: '25', few: '3' }, 'many');
  await flag('ratio', 'Number', { most: '0.75', half: '0.5' }, 'most');
  await flag('theme', 'Json', { blue: '{"color":"blue","sizes":[1,2]}', plain: '{}' }, 'blue', true);
  await flag('off-flag', 'Boolean', { true: 'true', false: 'false' }, 'true');
  await api('POST', `${project}/flags/off-flag/environments/production/toggle`, { enabled: false });
  const targeted = await flag('targeted', 'String', { dutch: 'dutch', other: 'other' }, 'other', true);
  await api('PUT', `${project}/flags/targeted/environments/production`, { strategy: 'TargetedRollout' });
  const rule = await api('POST', `${project}/flags/targeted/environments/production/rules`, {
    variationId: targeted.dutch,
    conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'Equals', values: ['NL'] }] }],
  });
  const split = await flag('split', 'Boolean', { true: 'true', false: 'false' }, 'false');
  await api('PUT', `${project}/flags/split/environments/production`, {
    strategy: 'PercentageRollout',
    percentageRollout: [
      { variationId: split.true, weight: 50 },
      { variationId: split.false, weight: 50 },
    ],
  });
  await flag('gated', 'Boolean', { true: 'true', false: 'false' }, 'true');
  await api('PUT', `${project}/flags/gated/environments/production`, {
    prerequisites: [{ prerequisiteFlagKey: 'targeted', expectedVariationKey: 'dutch' }],
  });
  const sdkKey = async (type: 'ServerSide' | 'ClientSide') => {
    const created = await api('POST', `${project}/environments/production/sdk-keys`, { type });
    return { id: created.id as string, key: created.key as string };
  };
  return {
    app,
    baseUrl,
    serverSideKey: await sdkKey('ServerSide'),
    clientSideKey: await sdkKey('ClientSide'),
    ruleId: rule.id,
    api,
    close: () => app.close(),
  };
}

/** Revokes a key of production. */
export const revoke = (world: OfrepWorld, id: string) =>
  world.api('POST', `${project}/environments/production/sdk-keys/${id}/revoke`);

/** Turns a flag of production on or off. */
export const toggle = (world: OfrepWorld, flag: string, enabled: boolean) =>
  world.api('POST', `${project}/flags/${flag}/environments/production/toggle`, { enabled });
