/**
 * The provider through OpenFeature's own client, against a real server on a real port (and with no
 * server: a flags.yaml). Every failure answers the caller's default with a reason and an error code.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '@flagplane/server';
import { ErrorCode, OpenFeature, ProviderEvents } from '@openfeature/server-sdk';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlagplaneProvider } from '../src/index.js';

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
const web = '/api/v1/orgs/acme/projects/web';

let app: FastifyInstance;
let baseUrl: string;
let directory: string;

async function api(method: string, route: string, body?: unknown) {
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
}

beforeEach(async () => {
  app = await buildServer({ identities });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-openfeature-'));
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
});

afterEach(async () => {
  await OpenFeature.close();
  await app.close();
  await rm(directory, { recursive: true, force: true });
});

const serverKey = async () =>
  (await api('POST', `${web}/environments/production/sdk-keys`, { type: 'ServerSide' })).key as string;

describe('FlagplaneProvider with a server', () => {
  it('evaluates locally what the server would serve, with reasons and variants', async () => {
    await OpenFeature.setProviderAndWait(new FlagplaneProvider({ baseUrl, sdkKey: await serverKey() }));
    const client = OpenFeature.getClient();
    expect(await client.getBooleanValue('new-checkout', false, { targetingKey: 'user-1', plan: 'pro' })).toBe(
      true,
    );
    expect(await client.getBooleanValue('new-checkout', true, { targetingKey: 'user-2', plan: 'free' })).toBe(
      false,
    );
    const details = await client.getBooleanDetails('new-checkout', false, {
      targetingKey: 'user-1',
      plan: 'pro',
    });
    expect(details).toMatchObject({ value: true, variant: 'true', reason: 'TARGETING_MATCH' });
    expect(details.flagMetadata).toMatchObject({ ruleIndex: 0 });
    expect(await client.getStringDetails('banner-text', 'x', { targetingKey: 'user-1' })).toMatchObject({
      value: 'Hello',
      reason: 'DISABLED',
    });
    // The same answers as the server's playground.
    const playground = await api('POST', `${web}/environments/production/evaluate`, {
      context: { key: 'user-1', attributes: { plan: 'pro' } },
      flags: ['new-checkout'],
    });
    expect(playground.items[0]).toMatchObject({ value: true, reason: { kind: 'Rule' } });
  });

  it('answers the default with an error code, never throwing, for every failure', async () => {
    await OpenFeature.setProviderAndWait(new FlagplaneProvider({ baseUrl, sdkKey: await serverKey() }));
    const client = OpenFeature.getClient();
    expect(await client.getBooleanDetails('no-such-flag', true, { targetingKey: 'u' })).toMatchObject({
      value: true,
      reason: 'ERROR',
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
    expect(await client.getNumberDetails('banner-text', 7, { targetingKey: 'u' })).toMatchObject({
      value: 7,
      errorCode: ErrorCode.TYPE_MISMATCH,
    });
    expect(await client.getBooleanDetails('new-checkout', true, { plan: 'pro' })).toMatchObject({
      value: true,
      errorCode: ErrorCode.TARGETING_KEY_MISSING,
    });
  });

  it('polls with ETags: a change arrives with ConfigurationChanged, an unchanged environment costs a 304', async () => {
    const statuses: number[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const provider = new FlagplaneProvider({
      baseUrl,
      sdkKey: await serverKey(),
      pollIntervalMs: 40,
      fetch: countingFetch,
    });
    await OpenFeature.setProviderAndWait(provider);
    const client = OpenFeature.getClient();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).length).toBeGreaterThan(0);
    expect(new Set(statuses.slice(1))).toEqual(new Set([304]));

    const changed = new Promise<string[]>((resolve) =>
      client.addHandler(ProviderEvents.ConfigurationChanged, (details) =>
        resolve(details?.flagsChanged ?? []),
      ),
    );
    await api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
    expect(await changed).toEqual(['banner-text']);
    expect(await client.getStringDetails('banner-text', 'x', { targetingKey: 'u' })).toMatchObject({
      value: 'Hello',
      reason: 'DEFAULT',
    });
  });

  it('keeps serving the last good data when the server goes away', async () => {
    const provider = new FlagplaneProvider({ baseUrl, sdkKey: await serverKey(), pollIntervalMs: 30 });
    await OpenFeature.setProviderAndWait(provider);
    const client = OpenFeature.getClient();
    const stale = new Promise<void>((resolve) => client.addHandler(ProviderEvents.Stale, () => resolve()));
    await app.close();
    await stale;
    expect(await client.getBooleanValue('new-checkout', false, { targetingKey: 'u', plan: 'pro' })).toBe(
      true,
    );
  });

  it('is ready again after a failed poll as soon as a poll answers, a 304 included', async () => {
    let failNext = false;
    const flaky: typeof fetch = async (input, init) => {
      if (failNext) {
        failNext = false;
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const provider = new FlagplaneProvider({
      baseUrl,
      sdkKey: await serverKey(),
      pollIntervalMs: 30,
      fetch: flaky,
    });
    await OpenFeature.setProviderAndWait(provider);
    const client = OpenFeature.getClient();
    const stale = new Promise<void>((resolve) => client.addHandler(ProviderEvents.Stale, () => resolve()));
    const ready = new Promise<void>((resolve) => {
      void stale.then(() => client.addHandler(ProviderEvents.Ready, () => resolve()));
    });
    failNext = true;
    await stale;
    await ready; // the environment did not change: the poll after the failure answered 304
    expect(client.providerStatus).toBe('READY');
  });

  it('becomes ready when the server answers after a failed start', async () => {
    let down = true;
    const unreliable: typeof fetch = async (input, init) => {
      if (down) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const provider = new FlagplaneProvider({
      baseUrl,
      sdkKey: await serverKey(),
      pollIntervalMs: 30,
      fetch: unreliable,
    });
    await expect(OpenFeature.setProviderAndWait(provider)).rejects.toThrow();
    const client = OpenFeature.getClient();
    const ready = new Promise<void>((resolve) => client.addHandler(ProviderEvents.Ready, () => resolve()));
    down = false;
    await ready;
    expect(await client.getBooleanValue('new-checkout', false, { targetingKey: 'u', plan: 'pro' })).toBe(
      true,
    );
  });

  it('serves defaults with an error code while the server cannot be reached before the first download', async () => {
    const provider = new FlagplaneProvider({
      baseUrl: 'http://127.0.0.1:9',
      sdkKey: `fp_srv_${'a'.repeat(40)}`,
      timeoutMs: 500,
    });
    await expect(OpenFeature.setProviderAndWait(provider)).rejects.toThrow();
    const details = await OpenFeature.getClient().getBooleanDetails('new-checkout', true, {
      targetingKey: 'u',
    });
    expect(details).toMatchObject({ value: true, reason: 'ERROR' });
    expect([ErrorCode.PROVIDER_NOT_READY, ErrorCode.GENERAL]).toContain(details.errorCode);
  });

  it('refuses a client-side key at construction: it cannot download the flags', () => {
    expect(() => new FlagplaneProvider({ baseUrl, sdkKey: `fp_cli_${'a'.repeat(40)}` })).toThrow(
      /server-side SDK key/,
    );
  });
});

describe('FlagplaneProvider.fromDocument (no server)', () => {
  it('serves a flags.yaml, as the server would serve it once applied', async () => {
    const file = path.join(directory, 'flags.yaml');
    await writeFile(
      file,
      [
        'organization: acme',
        'projects:',
        '  - key: web',
        '    environments: [{ key: production }]',
        '    flags:',
        '      - key: new-checkout',
        '        type: Boolean',
        '        environments:',
        '          production:',
        '            enabled: true',
        '            strategy: TargetedRollout',
        '            rules:',
        '              - variation: "true"',
        '                conditionGroups: [{ conditions: [{ attribute: plan, operator: In, values: [pro] }] }]',
        '',
      ].join('\n'),
    );
    await OpenFeature.setProviderAndWait(
      await FlagplaneProvider.fromDocument(file, { environment: 'production' }),
    );
    const client = OpenFeature.getClient();
    expect(await client.getBooleanValue('new-checkout', false, { targetingKey: 'u', plan: 'pro' })).toBe(
      true,
    );
    expect(await client.getBooleanValue('new-checkout', true, { targetingKey: 'u', plan: 'free' })).toBe(
      false,
    );
  });

  it('refuses a document that is not valid, listing its problems', async () => {
    await expect(
      FlagplaneProvider.fromDocument(
        {
          organization: 'acme',
          projects: [
            { key: 'web', environments: [{ key: 'production' }], flags: [{ key: 'x', type: 'Colour' }] },
          ],
        } as never,
        { environment: 'production' },
      ),
    ).rejects.toThrow(/not a valid desired state:\n {2}projects\[0\]\.flags\[0\]\.type/);
  });
});
