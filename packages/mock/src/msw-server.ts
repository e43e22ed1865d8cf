/**
 * `setupFetchServer(...handlers)`: msw's `setupServer` from `msw/node` (same API, same handlers, same
 * `onUnhandledFrame` and lifecycle events), except that a global `fetch` call is intercepted at the call
 * instead of underneath undici.
 *
 * Why: in Node, msw 3's `setupServer` catches `fetch` at the socket. Undici opens a mocked connection and
 * writes the request as HTTP bytes, @mswjs/interceptors parses them back into a `Request`, and the
 * handler's `Response` is written out as HTTP bytes again for undici to parse. That round trip costs more
 * than the mock's whole answer (Fastify included): with a handler returning a canned response, an SDK call
 * through `setupServer` already costs 1.5 to 1.9 times the same call to a real server on a local port.
 * Worse, the mocked socket answers within the same event-loop turn, before undici has put the connection
 * back in its pool (undici does that in a `setImmediate`), so every sequential call opens another mocked
 * connection, and they pile up until `close()`.
 *
 * At the `fetch` call, msw's fetch interceptor for runtimes without sockets (`@mswjs/interceptors/fetch/web`)
 * runs the handlers on the `Request` the caller built and hands their `Response` back as it is. Everything
 * else `setupServer` intercepts (`http`/`https` requests, XMLHttpRequest, WebSocket) is intercepted here by
 * the very interceptors `setupServer` uses. What a caller can tell apart: a `Response` of type `default`
 * rather than `basic`; a network error rejects with `TypeError: Failed to fetch` rather than `fetch failed`;
 * an unhandled request under `onUnhandledFrame: 'error'` rejects with msw's own error rather than a TypeError.
 *
 * Built from msw's public API only: `defineNetwork` and `InterceptorSource` (`msw/experimental`, the pieces
 * `setupServer` itself is made of), `AsyncHandlersController` (`msw/node`, for `boundary()`), and the
 * interceptors of msw's own interception library.
 */
import type { HttpRequestEventMap, Interceptor } from '@mswjs/interceptors';
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest';
import { FetchInterceptor } from '@mswjs/interceptors/fetch/web';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import type { AnyHandler } from 'msw';
import { defineNetwork, InterceptorSource, NetworkReadyState } from 'msw/experimental';
import { AsyncHandlersController, type SetupServer } from 'msw/node';

/**
 * One source for every server, as `setupServer` shares one among its servers: interceptors patch globals
 * (`fetch`, `http.request`), so two sets must never be active at once. For the same reason, listening
 * while msw's own `setupServer` listens throws ("already replaced"); give other APIs' handlers to this
 * server instead. (Two `setupServer`s cannot listen together either: the last one takes every request.)
 */
const source = new InterceptorSource({
  interceptors: [
    new ClientRequestInterceptor(),
    new XMLHttpRequestInterceptor(),
    // Typed against the web build's copy of the `Interceptor` class: the same class, but TypeScript sees two
    // unrelated `#private` declarations.
    new FetchInterceptor() as unknown as Interceptor<HttpRequestEventMap>,
    new WebSocketInterceptor(),
  ],
});

/** msw's `setupServer(...handlers)`, with `fetch` intercepted at the call (see the top of this file). */
export function setupFetchServer(...handlers: AnyHandler[]): SetupServer {
  const controller = new AsyncHandlersController(handlers);
  const network = defineNetwork({
    sources: [source],
    handlers: controller,
    onUnhandledFrame: 'warn',
    context: { quiet: true },
  });
  return {
    get readyState() {
      return network.readyState;
    },
    events: network.events,
    listen(options) {
      if (network.readyState === NetworkReadyState.ENABLED) {
        throw new Error('setupFetchServer: the server is already listening; close() it first.');
      }
      network.configure({ onUnhandledFrame: options?.onUnhandledFrame ?? 'warn' });
      network.enable();
    },
    close() {
      network.disable();
    },
    use: (...next) => network.use(...next),
    resetHandlers: (...next) => network.resetHandlers(...next),
    restoreHandlers: () => network.restoreHandlers(),
    listHandlers: () => network.listHandlers(),
    boundary: (callback) => controller.boundary(callback),
  };
}
