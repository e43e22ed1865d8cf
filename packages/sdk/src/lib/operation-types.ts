/**
 * The types of one operation's inputs and outputs, read from the contract's endpoint table, so a method's
 * signature can never drift from the schemas the server validates with.
 */
import type { Endpoints, OperationId, PathParams } from '@flagplane/contract';
import type * as z from 'zod';

/** The path parameters of an operation, by name: `{ org, project, flag }`. */
export type PathParamsOf<Operation extends OperationId> = PathParams<Endpoints[Operation]['path']>;

/** What a caller may send as the body: the contract's `z.input` (defaults and transforms not applied yet). */
export type BodyParams<Schema extends z.ZodType> = z.input<Schema>;

/**
 * What a caller may pass as a query. The query schemas read wire text (`limit=7`, `archived=true`) and
 * turn it into what it means, so their *output* is the caller's vocabulary: `limit: number`,
 * `archived: boolean`, `type: FlagType`. Every property is optional.
 */
export type QueryParams<Schema extends z.ZodType> = Partial<z.output<Schema>>;

/** The `{ body }` an operation takes, or nothing for operations without a body. */
export type RequestInputOf<Operation extends OperationId> = Endpoints[Operation] extends {
  readonly body: infer Schema extends z.ZodType;
}
  ? { readonly body: BodyParams<Schema> }
  : { readonly body?: undefined };

export type QueryOf<Operation extends OperationId> = Endpoints[Operation] extends {
  readonly query: infer Schema extends z.ZodType;
}
  ? QueryParams<Schema>
  : never;

/** The parsed success body, or `undefined` for a 204 (no body). */
export type ResponseOf<Operation extends OperationId> = Endpoints[Operation]['success'] extends {
  readonly schema: infer Schema extends z.ZodType;
}
  ? z.output<Schema>
  : undefined;

/** The operations that answer a page envelope. */
export type ListOperationId = {
  [Operation in OperationId]: Endpoints[Operation] extends { readonly list: object } ? Operation : never;
}[OperationId];

export type ListItemOf<Operation extends ListOperationId> = Endpoints[Operation] extends {
  readonly list: { readonly item: infer Item extends z.ZodType };
}
  ? z.output<Item>
  : never;
