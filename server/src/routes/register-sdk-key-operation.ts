/**
 * An SDK-key operation's route (§21, §23): the key (authenticated before routing, plugins/authentication.ts),
 * its type (403), the body (400), then the handler in one store read, on the key's environment as that
 * read sees it (a key revoked since is 401). A conditional operation answers 304 with no body while the
 * caller's `If-None-Match` holds its ETag. Every answer records the key's use (§12's `lastUsedAt`).
 */
import type { SdkKeyEndpoint, SdkKeyOperationId } from '@flagplane/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSdkKeyScope } from '../access/sdk-key-caller.js';
import { ApiError } from '../domain/api-error.js';
import { changeEventText } from '../features/changes/change-streams.js';
import type { LastUseRecorder } from '../features/delivery/last-use.js';
import type { StoreView } from '../store/store.js';
import { CheckedBodies } from './checked-bodies.js';
import { assertResponseMatchesContract, parseInput } from './contract-checks.js';
import { toRouterPath } from './method-not-allowed.js';
import type {
  ConditionalAnswer,
  EventStreamStart,
  SdkKeyOperationHandler,
  SdkKeyOperationInput,
} from './operation-handler.js';
import { readThen } from './read-then.js';
import type { OperationRoutesOptions } from './register-operations.js';
import { SerializedJson } from './serialized-json.js';

const keyTypeNames = {
  ServerSide: 'a server-side SDK key (fp_srv_…)',
  ClientSide: 'a client-side SDK key (fp_cli_…)',
};

type Outcome =
  | { readonly notModified: true; readonly etag: string }
  | {
      readonly notModified: false;
      readonly etag: string | null;
      readonly body: unknown;
    };

export interface SdkKeyRouteOptions extends OperationRoutesOptions {
  readonly lastUse: LastUseRecorder;
}

export function registerSdkKeyOperation(
  app: FastifyInstance,
  operationId: SdkKeyOperationId,
  endpoint: SdkKeyEndpoint,
  options: SdkKeyRouteOptions,
): void {
  const handler = options.handlers[operationId] as SdkKeyOperationHandler<SdkKeyOperationId>;
  const needs = endpoint.keyTypes.map((type) => keyTypeNames[type]).join(' or ');
  // Conditional answers are asked for again and again with the same body: checked once per text.
  const checkedBodies = endpoint.body && endpoint.conditional ? new CheckedBodies(endpoint.body) : null;
  app.route({
    method: endpoint.method,
    url: toRouterPath(endpoint.path),
    config: { operationId, credential: 'sdkKey', errorFormat: endpoint.errorFormat },
    handler: (request, reply) => {
      const caller = request.sdkCaller;
      // The authentication hook refuses every request on these paths without a key it knows.
      if (!caller) throw new ApiError('unauthorized', 'The SDK key is invalid or revoked.');
      if (!endpoint.keyTypes.includes(caller.key.type)) {
        throw new ApiError('forbidden', `${endpoint.method} ${endpoint.path} needs ${needs}.`);
      }
      const body = checkedBodies
        ? checkedBodies.check(request.body ?? null, request.bodyText)
        : endpoint.body
          ? parseInput(endpoint.body, request.body ?? null)
          : undefined;
      if (endpoint.query) parseInput(endpoint.query, request.query ?? {});
      const inputOn = (view: StoreView) =>
        ({
          operationId,
          store: view,
          sdkKey: currentSdkKeyScope(view, caller),
          sdkKeySecret: request.sdkKeySecret ?? '',
          params: request.params,
          body,
        }) as SdkKeyOperationInput<SdkKeyOperationId>;
      if (endpoint.eventStream) {
        return options.store
          .read((view) => handler(inputOn(view)) as unknown as EventStreamStart)
          .then((start) => {
            options.lastUse.used(caller.key, request.receivedAtMs);
            openEventStream(request, reply, start, options);
          });
      }
      const outcomeOn = (view: StoreView): Outcome => {
        const answer = handler(inputOn(view));
        if (!endpoint.conditional) return { notModified: false, etag: null, body: answer };
        const { etag, body: make } = answer as unknown as ConditionalAnswer<unknown>;
        if (ifNoneMatchHolds(request.headers['if-none-match'], etag)) return { notModified: true, etag };
        return { notModified: false, etag, body: make() };
      };
      const answer = (outcome: Outcome): void => {
        options.lastUse.used(caller.key, request.receivedAtMs);
        // No Cache-Control: an answer to a request with Authorization is never stored by a shared cache,
        // and the ETag is what a client revalidates with.
        if (outcome.etag !== null) reply.header('etag', outcome.etag);
        if (outcome.notModified) {
          reply.code(304).send();
          return;
        }
        if (options.validateResponses) {
          const value = outcome.body instanceof SerializedJson ? outcome.body.value() : outcome.body;
          assertResponseMatchesContract(operationId, endpoint, value);
        }
        send(reply.code(endpoint.success.status), outcome.body);
      };
      return readThen(options.store, outcomeOn, answer);
    },
  });
}

/**
 * §24: the answer stays open as Server-Sent Events. Headers set so far (rate limits, CORS) go out with it,
 * since a hijacked reply skips Fastify's own sending. A client that comes back with `Last-Event-ID` holding
 * the current version hears nothing until the next change; any other (and a first connection, which may
 * have fetched before a change) is told at once.
 */
function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  start: EventStreamStart,
  options: SdkKeyRouteOptions,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    'x-request-id': request.id,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Proxies that buffer answers (nginx) would hold the events back.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 1000\n\n');
  const lastEventId = request.headers['last-event-id'];
  if (lastEventId !== start.version) raw.write(changeEventText(start.version, options.clock()));
  const forget = options.changeStreams.add({
    keyId: start.keyId,
    environmentId: start.environmentId,
    version: start.version,
    write: (text) => !raw.destroyed && raw.write(text) !== undefined,
    end: () => raw.end(),
  });
  raw.on('close', forget);
}

function send(reply: FastifyReply, body: unknown) {
  if (body instanceof SerializedJson) return reply.type('application/json; charset=utf-8').send(body.text);
  return reply.send(body);
}

/** `If-None-Match` holds the ETag: the one a polling client was given, or a list (weak or not), or `*`. */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}
