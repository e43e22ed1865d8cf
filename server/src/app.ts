/**
 * `buildServer` builds the Fastify app without listening (serve.ts listens). Tests, the mock and the
 * benchmarks all use it, so every one of them runs exactly the server's logic.
 */
import './fastify-augmentation.js';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { urlWithoutKey } from './access/key-in-url.js';
import { loadConsoleBuild } from './console/console-build.js';
import { ChangeStreams } from './features/changes/change-streams.js';
import { startEventRetention } from './features/events/event-retention.js';
import { applyIdentities, parseIdentityDocument } from './identity/apply-identities.js';
import type { IdentityDocument } from './identity/identity-document.js';
import { redaction } from './logging.js';
import { instrumentServer, ServerMetrics } from './operations/metrics.js';
import { Readiness, registerReadiness } from './operations/readiness.js';
import { tracedChildLogger, traceRequests } from './operations/request-spans.js';
import { authenticationPlugin } from './plugins/authentication.js';
import { consolePlugin } from './plugins/console.js';
import { corsPlugin } from './plugins/cors.js';
import { docsPlugin } from './plugins/docs.js';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler.js';
import { jsonBodyPlugin, REQUEST_BODY_MAX_BYTES } from './plugins/json-body.js';
import { requestIdFor, requestIdPlugin } from './plugins/request-id.js';
import { answerUnparsedMethods } from './plugins/unparsed-methods.js';
import { unreadBodyDrainPlugin } from './plugins/unread-body-drain.js';
import { operationHandlers } from './routes/operation-handlers.js';
import { registerOperations } from './routes/register-operations.js';
import { createMemoryStore } from './store/memory-store.js';
import type { Store } from './store/store.js';

export interface BuildServerOptions {
  /** Where the data lives. @default an empty in-memory store */
  readonly store?: Store;
  /** Identities to upsert before serving (§17). @default none */
  readonly identities?: IdentityDocument;
  /** @default 600 requests per 60 s window (§13) */
  readonly rateLimit?: { readonly max: number; readonly windowSeconds: number };
  /** A pino logger, pino options, or false. @default false */
  readonly logger?: FastifyBaseLogger | Record<string, unknown> | boolean;
  /** The server's notion of now. @default () => new Date() */
  readonly clock?: () => Date;
  /** The public address, used in `docs_url` and the OpenAPI `servers`. @default http://127.0.0.1:4000 */
  readonly baseUrl?: string;
  /** Parse every success body with the contract's response schema and fail loudly on a mismatch (tests). @default false */
  readonly validateResponses?: boolean;
  /** Days events are kept (§19); 0 keeps them forever. @default 90 */
  readonly eventRetentionDays?: number;
  /**
   * Record an event for every write (§19). Only the benchmark that measures what the log costs turns it
   * off; the API promises it.
   * @default true
   */
  readonly recordEvents?: boolean;
  /**
   * The web console's build: the directory holding `console-manifest.json`, `index.html` and `assets/`
   * (src/console/console-build.ts). Without one, `/console` answers 503 and the docs are unstyled.
   * @default `@flagplane/console`'s `dist/`, found at run time
   */
  readonly consoleDirectory?: string;
  /**
   * §23: origins whose pages may call the SDK-key paths (`/api/v1/sdk/…`, `/ofrep/v1/…`) from a browser.
   * @default none
   */
  readonly corsOrigins?: readonly string[];
  /** §24: how often an open change stream gets a comment line while nothing changes. @default 15000 */
  readonly streamHeartbeatMs?: number;
  /**
   * Count requests and the store's commits for Prometheus (`app.metrics`), and with `route`, serve
   * `GET /metrics` on this app (operations/metrics.ts). @default off
   */
  readonly metrics?: { readonly route: boolean };
  /**
   * A span per request named by its operation id, with `trace_id` in its log lines (operations/
   * request-spans.ts); spans go wherever the OpenTelemetry SDK registered (operations/tracing.ts).
   * @default false
   */
  readonly tracing?: boolean;
}

export async function buildServer(options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const store = options.store ?? createMemoryStore();
  const clock = options.clock ?? (() => new Date());
  const baseUrl = (options.baseUrl ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
  if (options.identities) {
    await applyIdentities(store, parseIdentityDocument(options.identities, 'identities'), clock());
  }

  const logger = options.logger ?? false;
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger: withRedaction(logger) }),
    genReqId: (request) => requestIdFor(request.headers['x-request-id']),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    // Slow clients must not hold connections forever (values well above any legitimate request).
    requestTimeout: 30_000,
    // Node's own headersTimeout (60 s) must not exceed requestTimeout: Fastify sets requestTimeout after
    // creating the server, and while headersTimeout is the larger one, Node never times out a request
    // whose body arrives a byte at a time (test/hardening/abuse-connections.test.ts, slow clients).
    http: { headersTimeout: 30_000 },
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Undecodable URLs and over-long path values are answered by the router itself: in the API's words.
    frameworkErrors: answerFrameworkError(baseUrl),
    // §24: a change stream's key leaves its URL before routing, so it never reaches a log or request.url.
    rewriteUrl: urlWithoutKey,
    ...(options.tracing ? { childLoggerFactory: tracedChildLogger } : {}),
  });
  if (options.tracing) traceRequests(app);
  app.decorate('store', store);
  // §15 for the methods Node's parser gives no route: a made-up method, CONNECT.
  answerUnparsedMethods(app, baseUrl);
  const changeStreams = new ChangeStreams({
    store,
    clock,
    log: app.log,
    ...(options.streamHeartbeatMs ? { heartbeatMs: options.streamHeartbeatMs } : {}),
  });
  app.decorate('changeStreams', changeStreams);
  const metrics = options.metrics
    ? new ServerMetrics({ store, openStreams: () => changeStreams.size })
    : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    instrumentServer(app, metrics, options.metrics?.route ?? false);
    changeStreams.reportDeliveriesTo((seconds) => metrics.streamsTold(seconds));
  }
  // Streams never end by themselves: end them first, or closing would wait for them (clients reconnect).
  app.addHook('preClose', (done) => {
    changeStreams.close();
    done();
  });

  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin, { baseUrl });
  await app.register(jsonBodyPlugin);
  await app.register(unreadBodyDrainPlugin);
  // Before authentication: a browser's preflight carries no key and is answered by CORS alone.
  await app.register(corsPlugin, { origins: options.corsOrigins ?? [] });
  await app.register(authenticationPlugin, {
    store,
    // Date.now unless a clock was given: a number per request, not a Date.
    now: options.clock ? () => clock().getTime() : Date.now,
    rateLimit: options.rateLimit ?? { max: 600, windowSeconds: 60 },
  });
  const consoleBuild = loadConsoleBuild(options.consoleDirectory);
  await app.register(docsPlugin, { baseUrl, consoleBuild });
  await app.register(consolePlugin, { build: consoleBuild });
  registerReadiness(app, new Readiness(store));
  registerOperations(app, {
    store,
    changeStreams,
    clock,
    handlers: operationHandlers,
    validateResponses: options.validateResponses ?? false,
    recordEvents: options.recordEvents ?? true,
  });
  const retention = startEventRetention(store, {
    days: options.eventRetentionDays ?? 90,
    clock,
    logger: app.log,
  });
  app.decorate('pruneExpiredEvents', retention.pruneNow);
  app.addHook('onClose', (_app, done) => {
    retention.stop();
    done();
  });
  await app.ready();
  return app;
}

function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return (
    typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function'
  );
}

/** Tokens and SDK keys never reach the logs (§5): the Authorization header is redacted everywhere. */
function withRedaction(logger: Record<string, unknown> | boolean): Record<string, unknown> | boolean {
  if (logger === false) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: [...redaction.paths], censor: redaction.censor },
  };
}
