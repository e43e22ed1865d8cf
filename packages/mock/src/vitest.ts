/**
 * `setupFlagplaneMock()` for vitest suites: msw intercepts the mock's address for the whole file,
 * unhandled requests are errors, and the mock goes back to its seed after each test.
 */
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFlagplaneMock, type FlagplaneMock, type FlagplaneMockOptions } from './flagplane-mock.js';
import { mswHandlersFor } from './msw-handlers.js';
import { setupFetchServer } from './msw-server.js';

export interface FlagplaneMockHandle {
  /** The mock; available once the suite's `beforeAll` hooks have run. */
  readonly mock: FlagplaneMock;
  /**
   * The msw server, for `server.use(…)` overrides in a single test and for handlers of other APIs (one msw
   * server listens at a time). msw's `setupServer` API, with `fetch` intercepted at the call: see
   * `setupFetchServer`.
   */
  readonly server: SetupServer;
}

export function setupFlagplaneMock(options: FlagplaneMockOptions = {}): FlagplaneMockHandle {
  let mock: FlagplaneMock | undefined;
  const server = setupFetchServer();
  beforeAll(async () => {
    mock = await createFlagplaneMock(options);
    server.resetHandlers(...mswHandlersFor(mock));
    server.listen({ onUnhandledFrame: 'error' });
  });
  afterEach(async () => {
    if (mock === undefined) return; // beforeAll failed, and said why
    server.resetHandlers(...mswHandlersFor(mock));
    await mock.reset();
  });
  afterAll(async () => {
    server.close();
    await mock?.close();
  });
  return {
    get mock() {
      if (!mock) throw new Error('setupFlagplaneMock(): the mock exists once beforeAll has run');
      return mock;
    },
    server,
  };
}
