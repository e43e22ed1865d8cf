/**
 * The shared parts of the OpenAPI document: response headers, the security scheme, path parameters, the
 * error responses, and the documented form of query parameters that the schemas accept more loosely.
 */
import * as z from 'zod';
import type { ZodOpenApiHeaderObject, ZodOpenApiResponseObject } from 'zod-openapi';
import type { PathParamNames } from './endpoint.js';
import type { Endpoints, OperationId } from './endpoints.js';
import { DateTime, limits, Uuid } from './formats.js';
import { type ErrorStatus, errorExamples, ofrepErrorExamples } from './openapi-examples.js';
import { ErrorBody, PageQuery } from './schemas/common.js';
import { anyCasePattern, ConditionInput } from './schemas/conditions.js';
import { ConditionOperator, FlagType } from './schemas/enums.js';
import { EventListQuery } from './schemas/event.js';
import { FlagListQuery } from './schemas/flag.js';
import { OfrepErrorBody } from './schemas/ofrep.js';

const integerFrom = (minimum: number) => ({ type: 'integer' as const, minimum });

/**
 * §13 and §15: the headers of every answer under `/api/v1`, registered once and referenced from every
 * response. A fresh object per document, since the document builder owns what it is given.
 */
export const headerComponents = () =>
  ({
    'X-RateLimit-Limit': {
      description: 'Maximum requests per window for this caller.',
      required: true,
      schema: integerFrom(1),
    },
    'X-RateLimit-Remaining': {
      description: 'Requests left in the current window.',
      required: true,
      schema: integerFrom(0),
    },
    'X-RateLimit-Reset': {
      description: 'When the current window ends: a Unix timestamp in seconds (UTC).',
      required: true,
      schema: integerFrom(0),
    },
    'Retry-After': {
      description: 'On 429 only: whole seconds to wait before retrying (at least 1); equals `retry_after`.',
      required: true,
      schema: integerFrom(1),
    },
    'X-Request-Id': {
      description: 'The id of this request; a 500 names it in its message.',
      required: true,
      schema: { type: 'string' },
    },
    ETag: {
      description:
        'The current version of the document (a strong validator): send it back in `If-None-Match` to get a `304` while nothing changed.',
      required: true,
      schema: { type: 'string' },
    },
  }) satisfies Record<string, ZodOpenApiHeaderObject>;

type HeaderName = keyof ReturnType<typeof headerComponents>;

const headerRefs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The headers of every response but a 429. */
export const commonHeaders = () =>
  headerRefs(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']);

/** The headers of a conditional GET's answers (200 and 304). */
export const conditionalHeaders = () => ({ ...commonHeaders(), ...headerRefs(['ETag']) });

export const securitySchemeName = 'bearerToken';

/** §5: the bearer credentials of the API (SDK keys are not API credentials). */
export const securityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'fp_pat_ or fp_svc_ followed by 40 base62 characters',
  description:
    '`Authorization: Bearer <token>`. A personal access token (`fp_pat_` + 40 base62 characters) acts as its ' +
    'user; a service token (`fp_svc_` + 40) acts with its own organization, role and optional project scope. ' +
    'SDK keys (`fp_srv_`, `fp_cli_`) are not API credentials. A missing header, another scheme, or an unknown, ' +
    'revoked or expired token is `401 unauthorized`.',
} as const;

export const sdkKeySecuritySchemeName = 'sdkKey';

/** §21: an SDK key, the credential of the delivery paths and of nothing else. */
export const sdkKeySecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'fp_srv_ or fp_cli_ followed by 40 base62 characters',
  description:
    '`Authorization: Bearer <SDK key>` on `/api/v1/sdk/…` and `/ofrep/v1/…` only: a server-side key (`fp_srv_`) ' +
    'or a client-side key (`fp_cli_`) of one environment. A missing, unknown or revoked key is `401`; a key of a ' +
    'type the operation does not take is `403`. Tokens are not credentials there.',
} as const;

export const apiKeySecuritySchemeName = 'ofrepApiKey';

/** §23: OFREP's second way to send the credential, for its standard providers. */
export const apiKeySecurityScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'X-API-Key',
  description:
    "`X-API-Key: <SDK key>` on OFREP's paths (`/ofrep/v1/…`), as OFREP allows beside the bearer header.",
} as const;

type PathParamName = PathParamNames<Endpoints[OperationId]['path']>;

const keyOrId = (resource: string, componentId: string, extra = '') =>
  z.string().meta({
    description: `The ${resource}'s key, or its id in UUID form (keys never have the form of a UUID).${extra}`,
    param: { id: componentId },
  });

/** §1: every path parameter of the table, each registered once as a parameter component. */
export const pathParameters: Readonly<Record<PathParamName, z.ZodString>> = {
  org: z.string().meta({
    description: "The organization's slug, or its id in UUID form.",
    param: { id: 'OrganizationPath', example: 'acme' },
  }),
  project: keyOrId('project', 'ProjectPath'),
  env: keyOrId('environment', 'EnvironmentPath'),
  flag: keyOrId('flag', 'FlagPath', ' Flag keys are case-sensitive.'),
  variation: keyOrId('variation', 'VariationPath'),
  segment: keyOrId('segment', 'SegmentPath'),
  sdkKey: z.string().meta({
    description: "The SDK key's id (a UUID; never the key material). Any other value is 404.",
    format: 'uuid',
    param: { id: 'SdkKeyPath' },
  }),
  ruleId: z.string().meta({
    description: "The targeting rule's id (a UUID). Any other value is 404.",
    format: 'uuid',
    param: { id: 'RulePath' },
  }),
  key: z.string().meta({
    description:
      "OFREP (§23): the flag's key. An unknown or archived flag, or one a client-side key may not see, is `404 FLAG_NOT_FOUND`.",
    param: { id: 'OfrepFlagKeyPath', example: 'new-checkout' },
  }),
};

interface ErrorResponseSpec {
  readonly id: string;
  readonly description: string;
}

const errorResponseSpecs: Readonly<Record<ErrorStatus, ErrorResponseSpec>> = {
  400: {
    id: 'BadRequest',
    description:
      'The request is invalid: `validation_failed` (a property breaks a rule; `fields` maps dotted paths into ' +
      'the body, or `cursor`, to messages) or `bad_request` (a body that is not JSON; a rule reorder that does ' +
      'not list every rule exactly once).',
  },
  401: {
    id: 'Unauthorized',
    description: 'A missing, malformed, unknown, revoked or expired bearer token (`unauthorized`).',
  },
  403: {
    id: 'Forbidden',
    description: "The caller's role is too low, or a scoped service token creates a project (`forbidden`).",
  },
  404: {
    id: 'NotFound',
    description:
      'A resource in the path does not exist or is not visible to the caller (`not_found`); `did_you_mean` ' +
      'may name close keys.',
  },
  409: {
    id: 'Conflict',
    description:
      'The key is already taken in its parent (`conflict`); `next_actions` points at the existing resource.',
  },
  413: { id: 'PayloadTooLarge', description: 'The body is larger than 1 MiB (`payload_too_large`).' },
  415: {
    id: 'UnsupportedMediaType',
    description: 'The body is not `application/json` (`unsupported_media_type`).',
  },
  429: {
    id: 'RateLimited',
    description:
      'Rate limit exceeded (`rate_limited`): retry after `Retry-After` seconds (also in `retry_after`).',
  },
  500: {
    id: 'InternalError',
    description: 'Something unexpected (`internal_error`); the message names the request id.',
  },
  503: {
    id: 'Unavailable',
    description:
      'The store cannot be reached (`unavailable`, §22): retry after `Retry-After` seconds (also in `retry_after`).',
  },
};

export function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(errorResponseSpecs, status);
}

/**
 * One response object per error status. zod-openapi registers each under `components/responses` by its
 * `id` and references it from every operation that answers that status.
 */
export function errorResponses(docsBaseUrl: string): Record<ErrorStatus, ZodOpenApiResponseObject> {
  const examples = errorExamples(docsBaseUrl);
  const response = (status: ErrorStatus): ZodOpenApiResponseObject => ({
    id: errorResponseSpecs[status].id,
    description: errorResponseSpecs[status].description,
    headers:
      status === 429 || status === 503
        ? { ...commonHeaders(), ...headerRefs(['Retry-After']) }
        : commonHeaders(),
    content: { 'application/json': { schema: ErrorBody, examples: examples[status] } },
  });
  return {
    400: response(400),
    401: response(401),
    403: response(403),
    404: response(404),
    409: response(409),
    413: response(413),
    415: response(415),
    429: response(429),
    500: response(500),
    503: response(503),
  };
}

/**
 * §23: OFREP's error answers on its paths, in its words: `400` and `404` with an error code; `401`,
 * `403`, `429` (with `Retry-After`), `500` and `503` with `errorDetails`.
 */
export function ofrepErrorResponses() {
  const response = (
    status: keyof typeof ofrepErrorExamples,
    id: string,
    description: string,
    extraHeaders: readonly HeaderName[] = [],
  ) => ({
    id,
    description,
    headers: { ...commonHeaders(), ...headerRefs(extraHeaders) },
    content: {
      'application/json': { schema: OfrepErrorBody, examples: structuredClone(ofrepErrorExamples[status]) },
    },
  });
  return {
    400: response(
      400,
      'OfrepBadRequest',
      'OFREP: `PARSE_ERROR` (a body that is not a JSON object with a `context`), `INVALID_CONTEXT` (an attribute ' +
        'that is not a string, finite number, boolean, list of strings or null; `errorDetails` names it), or, ' +
        'for one flag, `TARGETING_KEY_MISSING` (a percentage rollout without `targetingKey`) or `GENERAL`.',
    ),
    401: response(401, 'OfrepUnauthorized', 'OFREP: a missing, unknown or revoked SDK key.'),
    403: response(403, 'OfrepForbidden', 'OFREP: the SDK key may not call this.'),
    404: response(
      404,
      'OfrepFlagNotFound',
      "OFREP: `FLAG_NOT_FOUND`: no such flag in the key's environment, archived, or hidden from a client-side key.",
    ),
    429: response(429, 'OfrepRateLimited', 'OFREP: over the rate limit; retry after `Retry-After` seconds.', [
      'Retry-After',
    ]),
    500: response(
      500,
      'OfrepInternalError',
      'OFREP: something unexpected; `errorDetails` names the request id.',
    ),
    503: response(
      503,
      'OfrepUnavailable',
      'OFREP: the store cannot be reached; retry after `Retry-After` seconds.',
      ['Retry-After'],
    ),
  } satisfies Partial<Record<number, ZodOpenApiResponseObject>>;
}

type SchemaObject = Record<string, unknown>;

/**
 * What the document says a query parameter or input property is, where the schema accepts more than
 * clients should send: `limit` takes any text (a bad one means the default, §6) but is documented as
 * the integer it is meant to be. Keyed by the schema object itself, so a rename cannot detach it.
 */
const documentedForms = new Map<unknown, SchemaObject>([
  // The patterns behind these two are what `format` says; repeating them everywhere only adds noise.
  [Uuid, { type: 'string', format: 'uuid' }],
  [DateTime, { type: 'string', format: 'date-time' }],
  [
    PageQuery.shape.limit,
    {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: limits.pageSizeMax,
      default: limits.pageSizeDefault,
    },
  ],
  [FlagListQuery.shape.search, { type: 'string' }],
  // One date-time each (a repeated one counts once: the first); `format` is RFC 3339's grammar, all of it.
  ...(['since', 'until'] as const).map((name): [unknown, SchemaObject] => {
    const bound = EventListQuery.shape[name];
    return [
      bound,
      { type: 'string', format: 'date-time', description: z.globalRegistry.get(bound)?.description },
    ];
  }),
  [FlagListQuery.shape.tag, { type: 'string' }],
  [FlagListQuery.shape.type, { type: 'string', examples: [...FlagType.options] }],
  [FlagListQuery.shape.archived, { type: 'boolean', default: false }],
  [
    ConditionInput.shape.operator,
    {
      type: 'string',
      pattern: anyCasePattern(ConditionOperator.options),
      description: `Accepted case-insensitively and stored as one of: ${ConditionOperator.options.join(', ')}.`,
      examples: ['Equals', 'In', 'SemverGreaterThanOrEqual'],
    },
  ],
]);

/**
 * zod-openapi's document-wide override: replace a rendered schema by its documented form, and drop the
 * bounds zod gives every `.int()` (the safe-integer range), which say nothing to a reader.
 */
export function applyDocumentedForm({
  zodSchema,
  jsonSchema,
}: {
  zodSchema: unknown;
  jsonSchema: SchemaObject;
}) {
  if (jsonSchema.type === 'integer') {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  }
  const form = documentedForms.get(zodSchema);
  if (!form) return;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, structuredClone(form));
}
