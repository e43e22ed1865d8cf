/**
 * A token operation's route (§4, §5): the path (404), the role (403), the body (400), the rules, in one
 * store read or transaction; a write records its event in the same transaction (§19).
 */
import { type Role, recordsEvent, type TokenEndpoint, type TokenOperationId } from '@flagplane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PathParamValues, resolvePath } from '../access/path-scope.js';
import { hasRole } from '../access/principal.js';
import { ApiError } from '../domain/api-error.js';
import { recordEvent, subjectBefore } from '../features/events/event-recording.js';
import type { StoreView } from '../store/store.js';
import { assertResponseMatchesContract, ParsedQueries, parseInput } from './contract-checks.js';
import { toRouterPath } from './method-not-allowed.js';
import type { OperationHandler, OperationInput } from './operation-handler.js';
import { readThen } from './read-then.js';
import type { OperationRoutesOptions } from './register-operations.js';
import { SerializedJson } from './serialized-json.js';

export function registerTokenOperation(
  app: FastifyInstance,
  operationId: TokenOperationId,
  endpoint: TokenEndpoint,
  options: OperationRoutesOptions,
): void {
  const handler = options.handlers[operationId] as OperationHandler<TokenOperationId>;
  // GETs, and POSTs that change nothing (the playground): a read view, and no event (the contract's rule).
  const reads = !recordsEvent(endpoint);
  const queries = endpoint.query ? new ParsedQueries(endpoint.query) : null;
  app.route({
    method: endpoint.method,
    url: toRouterPath(endpoint.path),
    config: { operationId, credential: 'token' },
    handler: (request, reply) => {
      const run = (view: StoreView) => {
        // A read answers as of its arrival (one clock reading per request); a write, as of when it runs.
        const now =
          reads && request.receivedAtMs ? isoTime(request.receivedAtMs) : options.clock().toISOString();
        const input = prepareInput(operationId, endpoint, view, request, now, queries);
        if (reads || !options.recordEvents) return handler(input);
        // The event goes into the write's own transaction: recorded exactly when the write commits.
        const before = subjectBefore(input);
        const result = handler(input);
        recordEvent(input, before, result, {
          userAgent: request.headers['user-agent'],
          requestId: request.id,
        });
        return result;
      };
      const answer = (result: unknown): void => {
        if (options.validateResponses) {
          const body = result instanceof SerializedJson ? result.value() : result;
          assertResponseMatchesContract(operationId, endpoint, body);
        }
        reply.code(endpoint.success.status);
        if (result instanceof SerializedJson) reply.type('application/json; charset=utf-8').send(result.text);
        else if (endpoint.success.status === 204) reply.send();
        else reply.send(result);
      };
      return reads ? readThen(options.store, run, answer) : options.store.write(run).then(answer);
    },
  });
}

/**
 * The one place where the typing of an operation's input is taken on trust, each part by construction:
 * - `scope`: the route's path is `endpoint.path`, and `resolvePath` resolves every parameter the path
 *   names (the records of `recordsOfPathParam`, `access/path-scope.test.ts` proves it for every
 *   operation) or throws a 404, so the handler gets exactly `PathScopeOf<its path>`;
 * - `store`: GETs and read-only POSTs run in `store.read` (a view), everything else in `store.write`
 *   (a transaction);
 * - `body` and `query`: parsed by the endpoint's own schemas just below (a query string seen before, once).
 */
function prepareInput(
  operationId: TokenOperationId,
  endpoint: TokenEndpoint,
  view: StoreView,
  request: FastifyRequest,
  now: string,
  queries: ParsedQueries | null,
): OperationInput<TokenOperationId> {
  const principal = request.principal;
  if (!principal) throw new ApiError('unauthorized', 'Authentication required.');
  const scope = resolvePath(view, principal, request.params as PathParamValues);
  const queryStart = request.url.indexOf('?');
  const queryString = queryStart < 0 ? '' : request.url.slice(queryStart + 1);
  authorize(endpoint.minimumRole, scope.role);
  const input = {
    operationId,
    store: view,
    scope,
    principal,
    body: endpoint.body ? parseInput(endpoint.body, request.body ?? null) : undefined,
    query: queries?.parse(queryString, request.query ?? {}),
    now,
    path: queryStart < 0 ? request.url : request.url.slice(0, queryStart),
  };
  return input as OperationInput<TokenOperationId>;
}

/** The ISO text of a time in ms, remembered for the last one: requests arriving in one ms share it. */
let lastIsoMs = Number.NaN;
let lastIso = '';
function isoTime(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

function authorize(minimum: Role | null, role: Role | undefined): void {
  if (minimum === null || role === undefined || hasRole(role, minimum)) return;
  throw new ApiError('forbidden', `Requires role ${minimum}; you have ${role}.`);
}
