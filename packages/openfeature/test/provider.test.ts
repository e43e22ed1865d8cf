/**
 * What the provider answers (§23), through OpenFeature's own client against a real server on a real
 * port: the server's answers, OpenFeature's reasons, and the caller's default with an error code for
 * every failure, never a throw.
 */
import { ErrorCode, type EvaluationContext, OpenFeature, ProviderEvents } from '@openfeature/server-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlagplaneProvider, type FlagplaneProviderOptions, type TrackedEvent } from '../src/index.js';
import { type FlagServer, next, startFlagServer, web } from './support/flag-server.js';

let server: FlagServer;
beforeEach(async () => {
  server = await startFlagServer();
});
afterEach(async () => {
  await OpenFeature.close();
  await server.close();
});

const providerOf = async (options: Partial<FlagplaneProviderOptions> = {}) =>
  new FlagplaneProvider({ baseUrl: server.baseUrl, sdkKey: (await server.sdkKey()).key, ...options });

describe('FlagplaneProvider answers', () => {
  it('what the server would serve, with OpenFeature’s reasons, variants and rule metadata', async () => {
    await OpenFeature.setProviderAndWait(await providerOf());
    const client = OpenFeature.getClient();
    const details = await client.getBooleanDetails('new-checkout', false, {
      targetingKey: 'user-1',
      plan: 'pro',
    });
    expect(details).toMatchObject({ value: true, variant: 'true', reason: 'TARGETING_MATCH' });
    expect(details.flagMetadata).toEqual({ ruleId: expect.any(String), ruleIndex: 0 });
    expect(
      await client.getBooleanDetails('new-checkout', true, { targetingKey: 'u', plan: 'free' }),
    ).toMatchObject({
      value: false,
      reason: 'DEFAULT',
    });
    expect(await client.getStringDetails('banner-text', 'x', { targetingKey: 'u' })).toMatchObject({
      value: 'Hello',
      variant: 'hello',
      reason: 'DISABLED',
    });
    // The same answers as the server's playground.
    const playground = await server.api('POST', `${web}/environments/production/evaluate`, {
      context: { key: 'user-1', attributes: { plan: 'pro' } },
      flags: ['new-checkout'],
    });
    expect(playground.items[0]).toMatchObject({ value: true, reason: { kind: 'Rule' } });
  });

  it('a flag served to everyone as STATIC, and every flag but a percentage rollout without a targeting key', async () => {
    await server.api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
    await OpenFeature.setProviderAndWait(await providerOf());
    const client = OpenFeature.getClient();
    // A background job with no user reads a kill switch.
    expect(await client.getStringDetails('banner-text', 'x')).toMatchObject({
      value: 'Hello',
      reason: 'STATIC',
    });
    expect(await client.getBooleanDetails('new-checkout', true, { plan: 'pro' })).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
    });
  });

  it('the default with an error code, never throwing, for every failure', async () => {
    const banner = await server.api('GET', `${web}/flags/banner-text`);
    await server.api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
    await server.api('PUT', `${web}/flags/banner-text/environments/production`, {
      strategy: 'PercentageRollout',
      percentageRollout: banner.variations.map((variation: { id: string }) => ({
        variationId: variation.id,
        weight: 50,
      })),
    });
    await OpenFeature.setProviderAndWait(await providerOf());
    const client = OpenFeature.getClient();
    // Not found whatever the context: no key, or an attribute that cannot be read, changes nothing.
    const contexts: EvaluationContext[] = [
      {},
      { targetingKey: 'u' },
      { targetingKey: 'u', address: { city: 'Utrecht' } },
    ];
    for (const context of contexts) {
      expect(await client.getStringDetails('missing', 'uh-oh', context)).toMatchObject({
        value: 'uh-oh',
        reason: 'ERROR',
        errorCode: ErrorCode.FLAG_NOT_FOUND,
      });
    }
    expect(await client.getNumberDetails('new-checkout', 7, { targetingKey: 'u' })).toMatchObject({
      value: 7,
      errorCode: ErrorCode.TYPE_MISMATCH,
    });
    expect(await client.getStringDetails('banner-text', 'x', { plan: 'pro' })).toMatchObject({
      value: 'x',
      reason: 'ERROR',
      errorCode: ErrorCode.TARGETING_KEY_MISSING,
    });
    const invalid = await client.getBooleanDetails('new-checkout', true, {
      targetingKey: 'u',
      address: { city: 'Utrecht' },
    });
    expect(invalid).toMatchObject({ value: true, errorCode: ErrorCode.INVALID_CONTEXT });
    expect(invalid.errorMessage).toMatch(/"address"/);
    // A null attribute is a missing one (§23), not an error.
    expect(
      await client.getBooleanValue('new-checkout', true, { targetingKey: 'u', plan: null as never }),
    ).toBe(false);
  });

  it('polled with ETags: a change arrives with ConfigurationChanged and its keys; no change costs a 304', async () => {
    const statuses: number[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    await OpenFeature.setProviderAndWait(
      await providerOf({ pollIntervalMs: 40, stream: false, fetch: countingFetch }),
    );
    const client = OpenFeature.getClient();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statuses[0]).toBe(200);
    expect(statuses.length).toBeGreaterThan(1);
    expect(new Set(statuses.slice(1))).toEqual(new Set([304]));

    const changed = next<{ flagsChanged?: string[] } | undefined>((handler) =>
      client.addHandler(ProviderEvents.ConfigurationChanged, handler),
    );
    await server.api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
    expect((await changed)?.flagsChanged).toEqual(['banner-text']);
    expect(await client.getStringDetails('banner-text', 'x', { targetingKey: 'u' })).toMatchObject({
      value: 'Hello',
      reason: 'STATIC',
    });
  });

  it('tracked events to the `track` option, with the merged context, and to nowhere without it', async () => {
    const tracked: TrackedEvent[] = [];
    await OpenFeature.setProviderAndWait(await providerOf({ track: (event) => tracked.push(event) }));
    OpenFeature.setContext({ region: 'eu' });
    OpenFeature.getClient().track('checkout-completed', { targetingKey: 'user-1' }, { value: 99.5 });
    expect(tracked).toEqual([
      {
        name: 'checkout-completed',
        context: expect.objectContaining({ targetingKey: 'user-1', region: 'eu' }),
        details: { value: 99.5 },
      },
    ]);
    OpenFeature.setContext({});
    await OpenFeature.setProviderAndWait(await providerOf());
    expect(() => OpenFeature.getClient().track('checkout-completed', { targetingKey: 'u' })).not.toThrow();
  });

  it('refuses a client-side key at construction: it cannot download the flags', async () => {
    const { key } = await server.sdkKey('ClientSide');
    expect(() => new FlagplaneProvider({ baseUrl: server.baseUrl, sdkKey: key })).toThrow(
      /server-side SDK key/,
    );
  });
});
