/**
 * The one registration loop: every operation of the contract's endpoint table becomes a route, a token
 * operation (register-token-operation.ts) or an SDK-key operation (register-sdk-key-operation.ts), and
 * every path of the table answers its other methods with 405 (method-not-allowed.ts).
 */
import {
  type Endpoint,
  endpoints,
  type OperationId,
  type SdkKeyOperationId,
  type TokenOperationId,
} from '@flagplane/contract';
import type { FastifyInstance } from 'fastify';
import type { ChangeStreams } from '../features/changes/change-streams.js';
import { LastUseRecorder } from '../features/delivery/last-use.js';
import type { Store } from '../store/store.js';
import { registerMethodNotAllowed } from './method-not-allowed.js';
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
