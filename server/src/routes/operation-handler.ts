/** The signature every feature implements, one handler per operation of the endpoint table. */
import type { Endpoints, OperationId } from '@flagplane/contract';
import type { z } from 'zod';
import type { PathScopeOf } from '../access/path-scope.js';
import type { Principal } from '../access/principal.js';
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
export interface OperationInput<Op extends OperationId> {
  readonly operationId: Op;
  /** A read view for GETs and read-only POSTs, a transaction for everything else. */
  readonly store: Endpoints[Op]['method'] extends 'GET'
    ? StoreView
    : Endpoints[Op] extends { readonly readOnly: true }
      ? StoreView
      : Transaction;
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
 * rules and writing all see one consistent state, and a throw undoes every change.
 */
export type OperationHandler<Op extends OperationId> = (
  input: OperationInput<Op>,
) => ResultOf<Op> | SerializedJson<ResultOf<Op>>;

export type OperationHandlers = { readonly [Op in OperationId]: OperationHandler<Op> };
