/**
 * The provider's statuses (§23) as OpenFeature's own client reports them, with its events: not ready,
 * ready, stale while checks fail, error after the grace period, ready again, and fatal on a refused key.
 */
import {
  ErrorCode,
  type EventDetails,
  OpenFeature,
  ProviderEvents,
  ProviderStatus,
} from '@openfeature/server-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlagplaneProvider } from '../src/index.js';
import { type FlagServer, next, startFlagServer, web } from './support/flag-server.js';

let server: FlagServer;
beforeEach(async () => {
  server = await startFlagServer();
});
afterEach(async () => {
  await OpenFeature.close();
  await server.close();
});

/** A fetch that fails like a network while `down`, and counts what it sends. */
function switchableFetch() {
  const state = { down: false, sent: 0 };
  const fetchThrough: typeof fetch = async (input, init) => {
    state.sent++;
    if (state.down) throw new TypeError('fetch failed');
    return fetch(input, init);
  };
  return { state, fetch: fetchThrough };
}

const proUser = { targetingKey: 'u', plan: 'pro' };

describe('the provider’s statuses', () => {
  it('is NOT_READY (defaults with PROVIDER_NOT_READY) until the first download, then READY', async () => {
    const link = switchableFetch();
    link.state.down = true;
    const provider = new FlagplaneProvider({
      baseUrl: server.baseUrl,
      sdkKey: (await server.sdkKey()).key,
      pollIntervalMs: 30,
      stream: false,
      fetch: link.fetch,
    });
    const client = OpenFeature.getClient();
    const started = OpenFeature.setProviderAndWait(provider);
    expect(client.providerStatus).toBe(ProviderStatus.NOT_READY);
    expect(await client.getBooleanDetails('new-checkout', false, proUser)).toMatchObject({
      value: false,
      errorCode: ErrorCode.PROVIDER_NOT_READY,
    });
    await expect(started).rejects.toThrow();
    expect(client.providerStatus).toBe(ProviderStatus.ERROR);
    const ready = next((handler) => client.addHandler(ProviderEvents.Ready, handler));
    link.state.down = false;
    await ready;
    expect(client.providerStatus).toBe(ProviderStatus.READY);
    expect(await client.getBooleanValue('new-checkout', false, proUser)).toBe(true);
  });

  it('is STALE while checks fail, serving the last good flags, ERROR after the grace period, READY again', async () => {
    const link = switchableFetch();
    await OpenFeature.setProviderAndWait(
      new FlagplaneProvider({
        baseUrl: server.baseUrl,
        sdkKey: (await server.sdkKey()).key,
        pollIntervalMs: 25,
        stream: false,
        errorGracePeriodMs: 300,
        fetch: link.fetch,
      }),
    );
    const client = OpenFeature.getClient();
    expect(client.providerStatus).toBe(ProviderStatus.READY);

    const stale = next((handler) => client.addHandler(ProviderEvents.Stale, handler));
    const error = next<EventDetails | undefined>((handler) =>
      client.addHandler(ProviderEvents.Error, handler),
    );
    const failingSince = performance.now();
    link.state.down = true;
    await stale;
    expect(client.providerStatus).toBe(ProviderStatus.STALE);
    expect(await client.getBooleanDetails('new-checkout', false, proUser)).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
    });
    expect((await error)?.errorCode).toBe(ErrorCode.GENERAL);
    expect(performance.now() - failingSince).toBeGreaterThanOrEqual(280);
    expect(client.providerStatus).toBe(ProviderStatus.ERROR);
    // ERROR still evaluates the last good flags: only NOT_READY and FATAL answer defaults.
    expect(await client.getBooleanValue('new-checkout', false, proUser)).toBe(true);

    const ready = next((handler) => client.addHandler(ProviderEvents.Ready, handler));
    link.state.down = false;
    await ready; // the environment did not change: the first check that answered was a 304
    expect(client.providerStatus).toBe(ProviderStatus.READY);
  });

  it('is READY again after a short failure without going to ERROR', async () => {
    const link = switchableFetch();
    await OpenFeature.setProviderAndWait(
      new FlagplaneProvider({
        baseUrl: server.baseUrl,
        sdkKey: (await server.sdkKey()).key,
        pollIntervalMs: 25,
        stream: false,
        errorGracePeriodMs: 5_000,
        fetch: link.fetch,
      }),
    );
    const client = OpenFeature.getClient();
    const events: string[] = [];
    for (const event of [ProviderEvents.Stale, ProviderEvents.Error, ProviderEvents.Ready]) {
      client.addHandler(event, () => events.push(event));
    }
    events.length = 0; // a handler added in its status runs at once: READY, now
    const stale = next((handler) => client.addHandler(ProviderEvents.Stale, handler));
    link.state.down = true;
    await stale;
    const ready = next((handler) => client.addHandler(ProviderEvents.Ready, handler));
    link.state.down = false;
    await ready;
    expect(events).toEqual([ProviderEvents.Stale, ProviderEvents.Ready]);
  });

  it('is FATAL when its key is revoked: defaults with PROVIDER_FATAL, and no more requests', async () => {
    const link = switchableFetch();
    const key = await server.sdkKey();
    await OpenFeature.setProviderAndWait(
      new FlagplaneProvider({
        baseUrl: server.baseUrl,
        sdkKey: key.key,
        pollIntervalMs: 25,
        stream: false,
        fetch: link.fetch,
      }),
    );
    const client = OpenFeature.getClient();
    const fatal = next<EventDetails | undefined>((handler) =>
      client.addHandler(ProviderEvents.Error, handler),
    );
    await server.api('POST', `${web}/environments/production/sdk-keys/${key.id}/revoke`);
    expect((await fatal)?.errorCode).toBe(ErrorCode.PROVIDER_FATAL);
    expect(client.providerStatus).toBe(ProviderStatus.FATAL);
    expect(await client.getBooleanDetails('new-checkout', false, proUser)).toMatchObject({
      value: false,
      errorCode: ErrorCode.PROVIDER_FATAL,
    });
    const sent = link.state.sent;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(link.state.sent).toBe(sent);
  });

  it('is FATAL at once for a key the server does not know, and never polls', async () => {
    const link = switchableFetch();
    const provider = new FlagplaneProvider({
      baseUrl: server.baseUrl,
      sdkKey: `fp_srv_${'a'.repeat(40)}`,
      pollIntervalMs: 25,
      stream: false,
      fetch: link.fetch,
    });
    await expect(OpenFeature.setProviderAndWait(provider)).rejects.toThrow(/refused/);
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.FATAL);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(link.state.sent).toBe(1);
  });

  it('waits out a 429’s Retry-After before asking again', async () => {
    await server.close();
    // Counted per credential: the owner's setup calls fit, the key's polls reach the limit in ~160 ms.
    server = await startFlagServer({ rateLimit: { max: 8, windowSeconds: 60 } });
    const link = switchableFetch();
    await OpenFeature.setProviderAndWait(
      new FlagplaneProvider({
        baseUrl: server.baseUrl,
        sdkKey: (await server.sdkKey()).key,
        pollIntervalMs: 20,
        stream: false,
        fetch: link.fetch,
      }),
    );
    const client = OpenFeature.getClient();
    await next((handler) => client.addHandler(ProviderEvents.Stale, handler));
    const sent = link.state.sent;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Ten polls' worth of time, and not one request: the window ends in up to 60 s.
    expect(link.state.sent).toBe(sent);
    expect(await client.getBooleanValue('new-checkout', false, proUser)).toBe(true);
  });
});
