/**
 * The one registration loop: every operation of the contract's endpoint table becomes a route. The
 * order of checks is the same everywhere: the path (404), the role (403), the body (400), the rules.
 */
import { type Endpoint, endpoints, type OperationId, type Role, validateInput } from '@flagplane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PathParamValues, resolvePath } from '../access/path-scope.js';
import { hasRole } from '../access/principal.js';
import { ApiError, invalidInput } from '../domain/api-error.js';
import type { Store, StoreView } from '../store/store.js';
import type { OperationHandler, OperationHandlers, OperationInput } from './operation-handler.js';

export interface OperationRoutesOptions {
  readonly store: Store;
  readonly handlers: OperationHandlers;
  readonly clock: () => Date;
  /** Parse every success body with the contract's schema (tests); a mismatch is a loud 500. */
  readonly validateResponses: boolean;
}

/** `/orgs/{org}` → `/orgs/:org` */
export const toRouterPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');

export function registerOperations(app: FastifyInstance, options: OperationRoutesOptions): void {
  for (const operationId of Object.keys(endpoints) as OperationId[]) {
    const endpoint: Endpoint = endpoints[operationId];
    const handler = options.handlers[operationId] as OperationHandler<OperationId>;
    app.route({
      method: endpoint.method,
      url: toRouterPath(endpoint.path),
      config: { operationId },
      handler: async (request, reply) => {
        const run = (view: StoreView) =>
          handler(
            prepareInput(
              operationId,
              endpoint,
              view,
              request,
              options.clock(),
            ) as OperationInput<OperationId>,
          );
        const result =
          endpoint.method === 'GET' ? await options.store.read(run) : await options.store.write(run);
        if (options.validateResponses) assertResponseMatchesContract(operationId, endpoint, result);
        reply.code(endpoint.success.status);
        return endpoint.success.status === 204 ? reply.send() : reply.send(result);
      },
    });
  }
}

function prepareInput(
  operationId: OperationId,
  endpoint: Endpoint,
  view: StoreView,
  request: FastifyRequest,
  now: Date,
) {
  const principal = request.principal;
  if (!principal) throw new ApiError('unauthorized', 'Authentication required.');
  const scope = resolvePath(view, principal, request.params as PathParamValues);
  authorize(endpoint.minimumRole, scope.role);
  return {
    operationId,
    store: view,
    scope,
    principal,
    body: endpoint.body ? parse(endpoint.body, request.body ?? null) : undefined,
    query: endpoint.query ? parse(endpoint.query, request.query ?? {}) : undefined,
    now: now.toISOString(),
    path: request.url.split('?')[0] ?? request.url,
  };
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
