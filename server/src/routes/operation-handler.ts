/**
 * The signatures every feature implements, one handler per operation of the endpoint table: a token
 * operation gets the caller's principal and the records its path names; an SDK-key operation gets the
 * key's environment (§21, §23).
 */
import type {
  Endpoints,
  EventOperationId,
  OperationId,
  PathParams,
  SdkKeyOperationId,
  TokenOperationId,
} from '@flagplane/contract';
import type { z } from 'zod';
import type { PathScopeOf } from '../access/path-scope.js';
import type { Principal } from '../access/principal.js';
import type { SdkKeyScope } from '../access/sdk-key-caller.js';
import type { StoreView, Transaction } from '../store/store.js';
import type { SerializedJson } from './serialized-json.js';

/** The body as the contract's schema leaves it (defaults applied, values normalized). */
export type BodyOf<Op extends OperationId> = Endpoints[Op] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined;
export type QueryOf<Op extends OperationId> = Endpoints[Op] extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : undefined;
type ResultOf<Op extends OperationId> = Endpoints[Op]['success'] extends { schema: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** What a handler is given: the resolved path, the caller, the validated body and query. */
export interface OperationInput<Op extends TokenOperationId> {
  readonly operationId: Op;
  /** A read view for GETs and read-only POSTs, a transaction for everything else. */
  readonly store: Op extends EventOperationId ? Transaction : StoreView;
  /** Exactly the records the operation's path names (`{flag}` → `flag`), each resolved and visible. */
  readonly scope: PathScopeOf<Endpoints[Op]['path']>;
  readonly principal: Principal;
  readonly body: BodyOf<Op>;
  readonly query: QueryOf<Op>;
  /** The request's time, ISO 8601 with milliseconds (§16). */
  readonly now: string;
  /** The concrete path of the request (without the query string), for `next_actions`. */
  readonly path: string;
}

/**
 * Handlers run synchronously inside one store read or transaction, so resolving the path, checking
 * rules and writing all see one consistent state, and a throw undoes every change. A read may answer
 * with a promise of what it decided there (the event log's pages, read from disk or the database); a
 * writer may not (the store refuses it).
 */
export type OperationHandler<Op extends TokenOperationId> = (
  input: OperationInput<Op>,
) =>
  | ResultOf<Op>
  | SerializedJson<ResultOf<Op>>
  | (Op extends EventOperationId ? never : Promise<ResultOf<Op> | SerializedJson<ResultOf<Op>>>);

/** What an SDK-key handler is given: the key's environment as this read sees it, the path and the body. */
export interface SdkKeyOperationInput<Op extends SdkKeyOperationId> {
  readonly operationId: Op;
  readonly store: StoreView;
  /** The key, and the environment and project it reads, current in `store` (a revoked key never gets here). */
  readonly sdkKey: SdkKeyScope;
  /** The key as the caller sent it (never stored, never logged). */
  readonly sdkKeySecret: string;
  /** The path's parameters, as sent (URL-decoded). */
  readonly params: PathParams<Endpoints[Op]['path']>;
  readonly body: BodyOf<Op>;
}

type Answer<T> = T | SerializedJson<T>;

/**
 * A conditional operation's answer: its ETag, and the body made only when the caller's `If-None-Match`
 * does not hold that ETag (a `304` costs no serialization).
 */
export interface ConditionalAnswer<T> {
  readonly etag: string;
  readonly body: () => Answer<T>;
}

/** An event stream's start (§24): where it reads, and the version its client is taken to hold now. */
export interface EventStreamStart {
  readonly keyId: string;
  readonly environmentId: string;
  readonly version: string;
}

export type SdkKeyOperationHandler<Op extends SdkKeyOperationId> = (
  input: SdkKeyOperationInput<Op>,
) => Endpoints[Op] extends { readonly eventStream: true }
  ? EventStreamStart
  : Endpoints[Op] extends { readonly conditional: true }
    ? ConditionalAnswer<ResultOf<Op>>
    : Answer<ResultOf<Op>>;

export type OperationHandlers = { readonly [Op in TokenOperationId]: OperationHandler<Op> } & {
  readonly [Op in SdkKeyOperationId]: SdkKeyOperationHandler<Op>;
};
