/**
 * §23 with a real OFREP client, not our own: OpenFeature's standard server provider
 * (`@openfeature/ofrep-provider`, what a Node service of any vendor uses) through `@openfeature/server-sdk`,
 * against the reference server, configured with nothing but the base URL and an SDK key. Every flag type,
 * every reason and every error path of §23 as that client reports them.
 */
import { OFREPProvider } from '@openfeature/ofrep-provider';
import { ErrorCode, OpenFeature } from '@openfeature/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfrepWorld, revoke, startOfrepWorld } from './support/ofrep-world.js';

let world: OfrepWorld;
beforeAll(async () => {
  world = await startOfrepWorld();
});
afterAll(async () => {
  await OpenFeature.close();
  await world?.close();
});

const clientWith = async (key: string, domain: string) => {
  await OpenFeature.setProviderAndWait(
    domain,
    new OFREPProvider({ baseUrl: world.baseUrl, headers: { Authorization: `Bearer ${key}` } }),
  );
  return OpenFeature.getClient(domain);
};

describe('@openfeature/ofrep-provider against the reference server', () => {
  it('evaluates every flag type with its value, variant and reason', async () => {
    const client = await clientWith(world.serverSideKey.key, 'types');
    const context = { targetingKey: 'user-1' };
    expect(await client.getBooleanDetails('kill-switch', false, context)).toMatchObject({
      value: true,
      variant: 'true',
      reason: 'STATIC',
    });
    expect(await client.getStringDetails('banner', 'x', context)).toMatchObject({
      value: 'Welcome',
      variant: 'welcome',
      reason: 'STATIC',
    });
    expect(await client.getNumberDetails('max-items', 0, context)).toMatchObject({
      value: 25,
      reason: 'STATIC',
    });
    expect(await client.getNumberDetails('ratio', 0, context)).toMatchObject({
      value: 0.75,
      reason: 'STATIC',
    });
    expect(await client.getObjectDetails('theme', {}, context)).toMatchObject({
      value: { color: 'blue', sizes: [1, 2] },
      variant: 'blue',
      reason: 'STATIC',
    });
  });

  it('reports every reason of §23, with the rule and prerequisite as flag metadata', async () => {
    const client = await clientWith(world.serverSideKey.key, 'reasons');
    expect(await client.getBooleanDetails('off-flag', false, { targetingKey: 'u' })).toMatchObject({
      value: true,
      reason: 'DISABLED',
    });
    const dutch = await client.getStringDetails('targeted', 'x', { targetingKey: 'u', country: 'NL' });
    expect(dutch).toMatchObject({ value: 'dutch', variant: 'dutch', reason: 'TARGETING_MATCH' });
    expect(dutch.flagMetadata).toEqual({ ruleId: world.ruleId, ruleIndex: 0 });
    expect(
      await client.getStringDetails('targeted', 'x', { targetingKey: 'u', country: 'BE' }),
    ).toMatchObject({
      value: 'other',
      reason: 'DEFAULT',
    });
    expect(await client.getBooleanDetails('split', true, { targetingKey: 'user-1' })).toMatchObject({
      reason: 'SPLIT',
    });
    const gated = await client.getBooleanDetails('gated', true, { targetingKey: 'u', country: 'BE' });
    // A failed prerequisite serves the default variation: `true` here.
    expect(gated).toMatchObject({ value: true, reason: 'PREREQUISITE_FAILED' });
    expect(gated.flagMetadata).toEqual({ prerequisiteKey: 'targeted' });
    // No targeting key: everything but a percentage rollout evaluates (a background job's kill switch).
    expect(await client.getBooleanDetails('kill-switch', false, {})).toMatchObject({
      value: true,
      reason: 'STATIC',
    });
  });

  it('answers every error path with the caller’s default and OpenFeature’s error code', async () => {
    const client = await clientWith(world.serverSideKey.key, 'errors');
    expect(await client.getStringDetails('missing-flag', 'uh-oh', { targetingKey: 'u' })).toMatchObject({
      value: 'uh-oh',
      reason: 'ERROR',
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
    expect(await client.getStringDetails('missing-flag', 'uh-oh', {})).toMatchObject({
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
    expect(await client.getNumberDetails('banner', 13, { targetingKey: 'u' })).toMatchObject({
      value: 13,
      errorCode: ErrorCode.TYPE_MISMATCH,
    });
    expect(await client.getBooleanDetails('split', true, { country: 'NL' })).toMatchObject({
      value: true,
      errorCode: ErrorCode.TARGETING_KEY_MISSING,
    });
    const invalid = await client.getBooleanDetails('kill-switch', false, {
      targetingKey: 'u',
      address: { city: 'Utrecht' },
    });
    expect(invalid).toMatchObject({ value: false, errorCode: ErrorCode.INVALID_CONTEXT });
    expect(invalid.errorMessage).toContain('context.address');
  });

  it('reads a client-side key’s flags only where clientSideVisible, and FLAG_NOT_FOUND for the others', async () => {
    const client = await clientWith(world.clientSideKey.key, 'client-side');
    expect(await client.getStringValue('banner', 'x', { targetingKey: 'u' })).toBe('Welcome');
    expect(await client.getBooleanDetails('split', false, { targetingKey: 'u' })).toMatchObject({
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
  });

  it('gets an error, not a value, once its key is revoked', async () => {
    const doomed = await world.api(
      'POST',
      '/api/v1/orgs/acme/projects/shop/environments/production/sdk-keys',
      {
        type: 'ServerSide',
      },
    );
    const client = await clientWith(doomed.key, 'revoked');
    expect(await client.getBooleanValue('kill-switch', false, { targetingKey: 'u' })).toBe(true);
    await revoke(world, doomed.id);
    expect(await client.getBooleanDetails('kill-switch', false, { targetingKey: 'u' })).toMatchObject({
      value: false,
      reason: 'ERROR',
      errorCode: ErrorCode.GENERAL, // how this client reports a 401
    });
  });

  it('pauses after a 429 until its Retry-After, asking the server nothing meanwhile', async () => {
    const limited = await startOfrepWorld({ rateLimit: { max: 30, windowSeconds: 60 } });
    try {
      let requests = 0;
      await OpenFeature.setProviderAndWait(
        'limited',
        new OFREPProvider({
          baseUrl: limited.baseUrl,
          headers: { Authorization: `Bearer ${limited.serverSideKey.key}` },
          fetchImplementation: (input: string | URL | Request, init?: RequestInit) => {
            requests++;
            return fetch(input, init);
          },
        }),
      );
      const client = OpenFeature.getClient('limited');
      const reasons: string[] = [];
      for (let index = 0; index < 40; index++) {
        reasons.push(
          (await client.getBooleanDetails('kill-switch', false, { targetingKey: 'u' })).reason ?? '',
        );
      }
      // 30 answers, then one 429: its Retry-After (the rest of the 60 s window) pauses every later call.
      expect(reasons.filter((reason) => reason === 'STATIC')).toHaveLength(30);
      expect(reasons.slice(30).every((reason) => reason === 'ERROR')).toBe(true);
      expect(requests).toBe(31);
    } finally {
      await limited.close();
    }
  });
});
