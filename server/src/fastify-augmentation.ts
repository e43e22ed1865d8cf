/**
 * What the server adds to Fastify's types, in one place that the package's entry point loads, so code
 * using `@flagplane/server` (the mock, tests) sees the same decorations.
 */
import type { Credential, OperationId, SdkKeyEndpoint } from '@flagplane/contract';
import type { Principal } from './access/principal.js';
import type { SdkKeyCaller } from './access/sdk-key-caller.js';
import type { ChangeStreams } from './features/changes/change-streams.js';
import type { ServerMetrics } from './operations/metrics.js';
import type { Store } from './store/store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store the app serves from (the mock resets and snapshots it). */
    store: Store;
    /** Starts every caller's quota afresh (the mock's reset; tests). */
    resetRateLimits(): void;
    /** Removes the events past the retention now (the background job's step; tests). Resolves with how many. */
    pruneExpiredEvents(): Promise<number>;
    /** §24: the change streams this process holds. */
    changeStreams: ChangeStreams;
    /** `GET /metrics`'s registry, when metrics are on (operations/metrics.ts); else null. */
    metrics: ServerMetrics | null;
  }
  interface FastifyRequest {
    /** The caller, once authentication has run (null before, or for anonymous requests). */
    principal: Principal | null;
    /** On an SDK key's paths (§21, §23), the key that authenticated the request. */
    sdkCaller: SdkKeyCaller | null;
    /**
     * The key as the caller sent it, for the answer that must name it back (OFREP's `eventStreams` for a
     * client-side key, §24). Held for the request only; never stored or logged.
     */
    sdkKeySecret: string | null;
    /**
     * When authentication ran, in ms since the epoch (0 before): the time a read answers as of (a write
     * takes the time it runs). A number, not a Date: most answers never need the Date.
     */
    receivedAtMs: number;
    /** A JSON body as it was sent (json-body.ts), for answers that remember bodies they checked. */
    bodyText: string | null;
  }
  interface FastifyContextConfig {
    operationId?: OperationId;
    /** The credential the route's path takes (the endpoint table's; also on its 405 routes). */
    credential?: Credential;
    /** How the route answers errors: the API's error body, or OFREP's (§23). */
    errorFormat?: SdkKeyEndpoint['errorFormat'];
  }
}
