/** Shapes shared by every resource: `_actions`, the page envelope, the error body. */
import * as z from 'zod';
import { limits } from '../formats.js';

export const Action = z
  .strictObject({
    allowed: z.boolean(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'Action' });
export type Action = z.infer<typeof Action>;

/** An `_actions` object with exactly the keys §14 lists for a resource. */
export function actionsOf<const Keys extends readonly [string, ...string[]]>(keys: Keys, id?: string) {
  const shape = Object.fromEntries(keys.map((key) => [key, Action])) as {
    [K in Keys[number]]: typeof Action;
  };
  const actions = z.strictObject(shape);
  return id ? actions.meta({ id }) : actions;
}

/** The envelope of every list (§6): `items`, `next_cursor` (null on the last page) and `_actions`. */
export function pageOf<Item extends z.ZodType, Actions extends z.ZodType>(item: Item, actions: Actions) {
  return z.strictObject({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    _actions: actions,
  });
}

export const NoActions = z.strictObject({}).meta({ id: 'NoActions' });
export const CreateAction = actionsOf(['create'], 'CreateActions');

export const NextAction = z
  .strictObject({
    method: z.string(),
    path: z.string(),
  })
  .meta({ id: 'NextAction' });
export type NextAction = z.infer<typeof NextAction>;

export const ErrorCode = z.enum([
  'validation_failed',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The error body (document "Errors" and §15). Keys are frozen snake_case; nulls are omitted. */
export const ErrorBody = z
  .strictObject({
    error: ErrorCode,
    message: z.string(),
    docs_url: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    retry_after: z.number().int().optional(),
    did_you_mean: z.array(z.string()).optional(),
    next_actions: z.array(NextAction).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The status each error code is answered with (§15). */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
};

/** Every list takes these (§6): `limit` is never an error, a bad one falls back to the default. */
export const PageQuery = z.object({
  limit: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform(parseLimit)
    .meta({
      description: `Page size, ${1}–${limits.pageSizeMax}; default ${limits.pageSizeDefault}. Out-of-range values are clamped; non-integers mean the default.`,
    }),
  cursor: z
    .string()
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page, passed back unchanged.' }),
});
export type PageQuery = z.input<typeof PageQuery>;

function parseLimit(raw: string | string[] | undefined): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^-?\d+$/.test(text.trim())) return limits.pageSizeDefault;
  const value = Number(text);
  return Math.min(limits.pageSizeMax, Math.max(1, value));
}
