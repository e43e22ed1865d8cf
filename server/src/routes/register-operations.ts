/**
 * The one registration loop: every operation of the contract's endpoint table becomes a route, a token
 * operation (register-token-operation.ts) or an SDK-key operation (register-sdk-key-operation.ts), and
 * every path of the table answers its other methods with 405.
 */
import {
  type Endpoint,
  endpoints,
  type OperationId,
  type SdkKeyOperationId,
  type TokenOperationId,
} from '@flagplane/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error.js';
import type { ChangeStreams } from '../features/changes/change-streams.js';
import { LastUseRecorder } from '../features/delivery/last-use.js';
import type { Store } from '../store/store.js';
import type { OperationHandlers } from './operation-handler.js';
import { registerSdkKeyOperation } from './register-sdk-key-operation.js';
import { registerTokenOperation } from './register-token-operation.js';

export interface OperationRoutesOptions {
  readonly store: Store;
  /** §24: the change streams of this process, which every event stream joins. */
  readonly changeStreams: ChangeStreams;
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
  const lastUse = new LastUseRecorder(options.store, options.clock, app.log);
  for (const operationId of Object.keys(endpoints) as OperationId[]) {
    const endpoint: Endpoint = endpoints[operationId];
    if (endpoint.credential === 'sdkKey') {
      registerSdkKeyOperation(app, operationId as SdkKeyOperationId, endpoint, { ...options, lastUse });
    } else {
      registerTokenOperation(app, operationId as TokenOperationId, endpoint, options);
    }
  }
}

const answerableMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * Fastify has no 405 of its own. Every path of the table answers its other methods with 405 and
 * `Allow` (§15). Registering them as routes also keeps literal segments literal: `DELETE …/rules/reorder`
 * is a 405 on the reorder route, never a `{ruleId}` named "reorder" (§1).
 */
function registerMethodNotAllowed(app: FastifyInstance): void {
  const methodsByPath = new Map<string, { declared: Set<string>; credential: Endpoint['credential'] }>();
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    const path = toRouterPath(endpoint.path);
    const entry = methodsByPath.get(path) ?? { declared: new Set(), credential: endpoint.credential };
    entry.declared.add(endpoint.method);
    methodsByPath.set(path, entry);
  }
  for (const [path, { declared, credential }] of methodsByPath) {
    const allow = [...declared].join(', ');
    app.route({
      method: answerableMethods.filter((method) => !declared.has(method)),
      url: path,
      // Authentication and CORS (§23) tell an SDK key's path by this, on every method.
      config: { credential },
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
