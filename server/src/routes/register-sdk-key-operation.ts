/**
 * An SDK-key operation's route (§21, §23): the key (authenticated before routing, plugins/authentication.ts),
 * its type (403), the body (400), then the handler in one store read, on the key's environment as that
 * read sees it (a key revoked since is 401). A conditional operation answers 304 with no body while the
 * caller's `If-None-Match` holds its ETag. Every answer records the key's use (§12's `lastUsedAt`).
 */
import type { SdkKeyEndpoint, SdkKeyOperationId } from '@flagplane/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentSdkKeyScope } from '../access/sdk-key-caller.js';
import { ApiError } from '../domain/api-error.js';
import type { LastUseRecorder } from '../features/delivery/last-use.js';
import { assertResponseMatchesContract, parseInput } from './contract-checks.js';
import type { ConditionalAnswer, SdkKeyOperationHandler, SdkKeyOperationInput } from './operation-handler.js';
import { type OperationRoutesOptions, toRouterPath } from './register-operations.js';
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

export function registerSdkKeyOperation(
  app: FastifyInstance,
  operationId: SdkKeyOperationId,
  endpoint: SdkKeyEndpoint,
  options: OperationRoutesOptions & { readonly lastUse: LastUseRecorder },
): void {
  const handler = options.handlers[operationId] as SdkKeyOperationHandler<SdkKeyOperationId>;
  const needs = endpoint.keyTypes.map((type) => keyTypeNames[type]).join(' or ');
  app.route({
    method: endpoint.method,
    url: toRouterPath(endpoint.path),
    config: { operationId, credential: 'sdkKey', errorFormat: endpoint.errorFormat },
    handler: async (request, reply) => {
      const caller = request.sdkCaller;
      // The authentication hook refuses every request on these paths without a key it knows.
      if (!caller) throw new ApiError('unauthorized', 'The SDK key is invalid or revoked.');
      if (!endpoint.keyTypes.includes(caller.key.type)) {
        throw new ApiError('forbidden', `${endpoint.method} ${endpoint.path} needs ${needs}.`);
      }
      const body = endpoint.body ? parseInput(endpoint.body, request.body ?? null) : undefined;
      const outcome = await options.store.read((view): Outcome => {
        const input = {
          operationId,
          store: view,
          sdkKey: currentSdkKeyScope(view, caller),
          params: request.params,
          body,
        } as SdkKeyOperationInput<SdkKeyOperationId>;
        const answer = handler(input);
        if (!endpoint.conditional) return { notModified: false, etag: null, body: answer };
        const { etag, body: make } = answer as unknown as ConditionalAnswer<unknown>;
        if (ifNoneMatchHolds(request.headers['if-none-match'], etag)) return { notModified: true, etag };
        return { notModified: false, etag, body: make() };
      });
      options.lastUse.used(caller.key);
      // No Cache-Control: an answer to a request with Authorization is never stored by a shared cache,
      // and the ETag is what a client revalidates with.
      if (outcome.etag !== null) reply.header('etag', outcome.etag);
      if (outcome.notModified) return reply.code(304).send();
      if (options.validateResponses) {
        const value = outcome.body instanceof SerializedJson ? outcome.body.value() : outcome.body;
        assertResponseMatchesContract(operationId, endpoint, value);
      }
      return send(reply.code(endpoint.success.status), outcome.body);
    },
  });
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
