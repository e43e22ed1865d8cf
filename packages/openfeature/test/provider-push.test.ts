/**
 * §24 in the provider: it listens to the server's change stream by default, so a change reaches the
 * application within a second; a lost connection comes back with `Last-Event-ID` and misses nothing; a
 * server that refuses the stream is polled. Against a real server on a real port, through OpenFeature's
 * own client and events.
 */
import { type EventDetails, OpenFeature, ProviderEvents, ProviderStatus } from '@openfeature/server-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlagplaneProvider } from '../src/index.js';
import { startCuttableProxy } from './support/cuttable-proxy.js';
import { type FlagServer, next, startFlagServer, web } from './support/flag-server.js';

let server: FlagServer;
beforeEach(async () => {
  server = await startFlagServer();
});
afterEach(async () => {
  await OpenFeature.close();
  await server.close();
});

/** Resolves once `condition` holds, checking every 10 ms; fails after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const changedKeys = () =>
  next<EventDetails | undefined>((handler) =>
    OpenFeature.getClient().addHandler(ProviderEvents.ConfigurationChanged, handler),
  );

describe('the provider and the change stream (§24)', () => {
  it('streams by default: a change arrives within a second, with the keys that changed', async () => {
    // Polling every minute: only the stream can bring the change this soon.
    const provider = new FlagplaneProvider({
      baseUrl: server.baseUrl,
      sdkKey: (await server.sdkKey()).key,
      pollIntervalMs: 60_000,
    });
    await OpenFeature.setProviderAndWait(provider);
    await until(() => provider.deliveryMode === 'streaming');
    const changed = changedKeys();
    const writtenAt = performance.now();
    await server.api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
    expect((await changed)?.flagsChanged).toEqual(['banner-text']);
    expect(performance.now() - writtenAt).toBeLessThan(1_000);
    expect(await OpenFeature.getClient().getStringValue('banner-text', 'x')).toBe('Hello');
  });

  it('comes back after a cut connection with Last-Event-ID, and misses the change made meanwhile', async () => {
    const proxy = await startCuttableProxy(server.baseUrl);
    const lastEventIds: (string | null)[] = [];
    const recording: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/api/v1/sdk/stream')
        lastEventIds.push(request.headers.get('last-event-id'));
      return fetch(request);
    };
    try {
      const provider = new FlagplaneProvider({
        baseUrl: proxy.baseUrl,
        sdkKey: (await server.sdkKey()).key,
        pollIntervalMs: 60_000,
        fetch: recording,
      });
      await OpenFeature.setProviderAndWait(provider);
      await until(() => provider.deliveryMode === 'streaming');
      const held = lastEventIds[0];
      expect(held).toMatch(/^[\w-]{32}$/); // opened with the version of the document it holds
      proxy.refusing = true;
      proxy.cut();
      await until(() => provider.deliveryMode === 'polling');
      const beforeCut = lastEventIds.length;
      // Changed while the provider cannot reach the server: no event, no fetch gets through.
      const changed = changedKeys();
      await server.api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
      // It tries to come back while the network is still gone, naming the version it holds.
      await until(() => lastEventIds.length > beforeCut, 5_000);
      proxy.refusing = false;
      expect((await changed)?.flagsChanged).toEqual(['banner-text']);
      await until(() => provider.deliveryMode === 'streaming', 5_000);
      // Every attempt before the change reached it named the version it held (the server tells at once).
      expect(lastEventIds[beforeCut]).toBe(held);
      expect(await OpenFeature.getClient().getStringValue('banner-text', 'x')).toBe('Hello');
    } finally {
      await proxy.close();
    }
  });

  it('is STALE while the server is out of reach, and READY and streaming again once it is back', async () => {
    const proxy = await startCuttableProxy(server.baseUrl);
    try {
      const provider = new FlagplaneProvider({
        baseUrl: proxy.baseUrl,
        sdkKey: (await server.sdkKey()).key,
        pollIntervalMs: 100,
      });
      await OpenFeature.setProviderAndWait(provider);
      await until(() => provider.deliveryMode === 'streaming');
      const client = OpenFeature.getClient();
      const stale = next((handler) => client.addHandler(ProviderEvents.Stale, handler));
      proxy.refusing = true;
      proxy.cut();
      await stale;
      expect(client.providerStatus).toBe(ProviderStatus.STALE);
      const ready = next((handler) => client.addHandler(ProviderEvents.Ready, handler));
      proxy.refusing = false;
      await ready;
      await until(() => provider.deliveryMode === 'streaming', 5_000);
    } finally {
      await proxy.close();
    }
  });

  it('polls when the server refuses the stream, and says so', async () => {
    const refusing: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/api/v1/sdk/stream') {
        return Promise.resolve(new Response('{"error":"not_found","message":"No route."}', { status: 404 }));
      }
      return fetch(request);
    };
    const provider = new FlagplaneProvider({
      baseUrl: server.baseUrl,
      sdkKey: (await server.sdkKey()).key,
      pollIntervalMs: 50,
      fetch: refusing,
    });
    await OpenFeature.setProviderAndWait(provider);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(provider.deliveryMode).toBe('polling');
    const changed = changedKeys();
    await server.api('POST', `${web}/flags/banner-text/environments/production/toggle`, { enabled: true });
    expect((await changed)?.flagsChanged).toEqual(['banner-text']);
  });
});
