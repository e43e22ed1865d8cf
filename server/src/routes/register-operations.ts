/**
 * The one registration loop: every operation of the contract's endpoint table becomes a route. The
 * order of checks is the same everywhere: the path (404), the role (403), the body (400), the rules.
 */
import {
  deliveryEndpoints,
  type Endpoint,
  endpoints,
  type OperationId,
  type Role,
  validateInput,
} from '@flagplane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PathParamValues, resolvePath } from '../access/path-scope.js';
import { hasRole } from '../access/principal.js';
import { ApiError, invalidInput } from '../domain/api-error.js';
import { recordEvent, subjectBefore } from '../features/events/event-recording.js';
import type { Store, StoreView } from '../store/store.js';
import type { OperationHandler, OperationHandlers, OperationInput } from './operation-handler.js';
import { SerializedJson } from './serialized-json.js';

export interface OperationRoutesOptions {
  readonly store: Store;
  readonly handlers: OperationHandlers;
  readonly clock: () => Date;
  /** Parse every success body with the contract's schema (tests); a mismatch is a loud 500. */
  readonly validateResponses: boolean;
  /** Record an event for every write (§19); off only in benchmarks that measure what the log costs. */
  readonly recordEvents: boolean;
}

/** `/orgs/{org}` → `/orgs/:org` */
export const toRouterPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');

export function registerOperations(app: FastifyInstance, options: OperationRoutesOptions): void {
  registerMethodNotAllowed(app);
  for (const operationId of Object.keys(endpoints) as OperationId[]) {
    const endpoint: Endpoint = endpoints[operationId];
    const handler = options.handlers[operationId] as OperationHandler<OperationId>;
    // GETs, and POSTs that change nothing (the playground): a read view, and no event.
    const reads = endpoint.method === 'GET' || endpoint.readOnly === true;
    app.route({
      method: endpoint.method,
      url: toRouterPath(endpoint.path),
      config: { operationId },
      handler: async (request, reply) => {
        const run = (view: StoreView) => {
          const input = prepareInput(operationId, endpoint, view, request, options.clock());
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
        const result = reads ? await options.store.read(run) : await options.store.write(run);
        if (options.validateResponses) {
          const body = result instanceof SerializedJson ? result.value() : result;
          assertResponseMatchesContract(operationId, endpoint, body);
        }
        reply.code(endpoint.success.status);
        if (result instanceof SerializedJson)
          return reply.type('application/json; charset=utf-8').send(result.text);
        return endpoint.success.status === 204 ? reply.send() : reply.send(result);
      },
    });
  }
}

/**
 * The one place where the typing of an operation's input is taken on trust, each part by construction:
 * - `scope`: the route's path is `endpoint.path`, and `resolvePath` resolves every parameter the path
 *   names (the records of `recordsOfPathParam`, `access/path-scope.test.ts` proves it for every
 *   operation) or throws a 404, so the handler gets exactly `PathScopeOf<its path>`;
 * - `store`: GETs and read-only POSTs run in `store.read` (a view), everything else in `store.write`
 *   (a transaction);
 * - `body` and `query`: parsed by the endpoint's own schemas just below.
 */
function prepareInput(
  operationId: OperationId,
  endpoint: Endpoint,
  view: StoreView,
  request: FastifyRequest,
  now: Date,
): OperationInput<OperationId> {
  const principal = request.principal;
  if (!principal) throw new ApiError('unauthorized', 'Authentication required.');
  const scope = resolvePath(view, principal, request.params as PathParamValues);
  authorize(endpoint.minimumRole, scope.role);
  const input = {
    operationId,
    store: view,
    scope,
    principal,
    body: endpoint.body ? parse(endpoint.body, request.body ?? null) : undefined,
    query: endpoint.query ? parse(endpoint.query, request.query ?? {}) : undefined,
    now: now.toISOString(),
    path: request.url.split('?')[0] ?? request.url,
  };
  return input as OperationInput<OperationId>;
}

function authorize(minimum: Role | null, role: Role | undefined): void {
  if (minimum === null || role === undefined || hasRole(role, minimum)) return;
  throw new ApiError('forbidden', `Requires role ${minimum}; you have ${role}.`);
}

function parse(schema: NonNullable<Endpoint['body']>, input: unknown): unknown {
  const result = validateInput(schema, input);
  if (!result.success) throw invalidInput(result.failure);
  return result.data;
}

function assertResponseMatchesContract(operationId: OperationId, endpoint: Endpoint, result: unknown): void {
  const schema = endpoint.success.schema;
  const parsed = schema ? schema.safeParse(result) : { success: result === undefined, error: 'a body' };
  if (!parsed.success) {
    throw new Error(
      `${operationId} answered a body that breaks the contract: ${JSON.stringify(parsed.error)}`,
    );
  }
}

const answerableMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * Fastify has no 405 of its own. Every path of the table answers its other methods with 405 and
 * `Allow` (§15). Registering them as routes also keeps literal segments literal: `DELETE …/rules/reorder`
 * is a 405 on the reorder route, never a `{ruleId}` named "reorder" (§1).
 */
function registerMethodNotAllowed(app: FastifyInstance): void {
  const methodsByPath = new Map<string, Set<string>>();
  // The delivery paths (§21) are routed elsewhere (features/delivery) but answer other methods alike.
  const routes: readonly { method: string; path: string }[] = [
    ...(Object.values(endpoints) as Endpoint[]),
    ...Object.values(deliveryEndpoints),
  ];
  for (const endpoint of routes) {
    const path = toRouterPath(endpoint.path);
    methodsByPath.set(path, (methodsByPath.get(path) ?? new Set()).add(endpoint.method));
  }
  for (const [path, declared] of methodsByPath) {
    const allow = [...declared].join(', ');
    app.route({
      method: answerableMethods.filter((method) => !declared.has(method)),
      url: path,
      handler: async (request) => {
        throw new ApiError(
          'method_not_allowed',
          `${request.method} is not allowed on ${request.url.split('?')[0]}.`,
          {
            headers: { allow },
          },
        );
      },
    });
  }
}
