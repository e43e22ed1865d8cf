/** One entry of the generated route table (generated/operation-routes.ts). */
import type { HttpMethod } from '@flagplane/contract';

export interface OperationRoute {
  readonly method: HttpMethod;
  /** Path template with `{name}` parameters, `/api/v1` included. */
  readonly path: string;
  /** Repeating the request has the same effect as sending it once (safe to retry). */
  readonly idempotent: boolean;
  /** The operation takes a JSON body, which the contract checks before sending. */
  readonly hasBody: boolean;
  /** The answer has a body the contract can parse (false for a 204). */
  readonly hasResponseSchema: boolean;
}
