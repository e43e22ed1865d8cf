/**
 * The OpenAPI 3.1 document, built from the endpoint table and its zod schemas: one interpreter of the
 * table among others (the server's routes, the SDK). `scripts/generate-openapi.mjs` writes it to
 * `openapi.json`; the server can serve it with its own `servers`.
 */
import * as z from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiParameters,
  type ZodOpenApiPathItemObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import type { Endpoint, HttpMethod, SdkKeyEndpoint } from './endpoint.js';
import { type Endpoints, endpoints, errorStatusesOf, type OperationId } from './endpoints.js';
import {
  apiKeySecurityScheme,
  apiKeySecuritySchemeName,
  applyDocumentedForm,
  commonHeaders,
  conditionalHeaders,
  errorResponses,
  headerComponents,
  isErrorStatus,
  ofrepErrorResponses,
  pathParameters,
  sdkKeySecurityScheme,
  sdkKeySecuritySchemeName,
  securityScheme,
  securitySchemeName,
} from './openapi-components.js';
import { type BodyOperationId, requestBodyExamples } from './openapi-examples.js';
import { linksOf } from './openapi-links.js';

export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
}

export interface OpenApiDocumentOptions {
  /**
   * Where the API is served. The first URL is also the base of `docs_url` in the error examples.
   * @default the reference server on http://127.0.0.1:4000
   */
  readonly servers?: readonly OpenApiServer[];
}

export type OpenApiDocument = ReturnType<typeof createDocument>;

/**
 * `info.contact`: whoever runs the server that serves the document, reached through its own docs (the
 * reference at `/docs`, the error reference at `/docs/errors`). A server serving the document sets its
 * own address.
 */
export function openApiContact(serverUrl: string): { readonly name: string; readonly url: string } {
  return { name: 'The operators of this Flagplane server', url: `${serverUrl.replace(/\/+$/, '')}/docs` };
}

export const defaultOpenApiServer: OpenApiServer = {
  url: 'http://127.0.0.1:4000',
  description: 'The reference server on its default address.',
};

type Resource = Endpoints[OperationId]['resource'];

/** One tag per resource of the table, in the table's order. */
const tagDescriptions: Readonly<Record<Resource, string>> = {
  me: 'The caller: a user or a service token.',
  orgs: 'Organizations (read-only over the API).',
  events: 'Every change made in an organization, who made it and what it changed (read-only).',
  projects: 'Projects of an organization.',
  environments: 'Environments of a project.',
  flags: 'Feature flags of a project.',
  variations: 'The variations of a flag.',
  flagEnvironments: "A flag's configuration in each environment of its project.",
  rules: "The ordered targeting rules of a flag's configuration in one environment.",
  segments: 'Reusable sets of context keys and conditions.',
  sdkKeys: 'SDK keys of an environment; key material is shown once, at creation.',
  sdk:
    'What applications call with an SDK key (§21, §23): download an environment for local evaluation, have a ' +
    'context evaluated, or evaluate through OFREP, the OpenFeature Remote Evaluation Protocol, which every ' +
    "language's standard OFREP provider speaks.",
};

const documentDescription = [
  'Feature flags organised as organization > project > environment: flags, variations, per-environment',
  'configuration, targeting rules, segments and SDK keys.',
  '',
  '- **Authentication**: every operation needs `Authorization: Bearer <token>` (a personal access token',
  '  `fp_pat_…` or a service token `fp_svc_…`). Reads need the role Viewer, changes Member, deleting a',
  '  project Admin.',
  '- **Identifiers**: `{org}` is a slug or an id; `{project}`, `{env}`, `{flag}`, `{variation}` and',
  '  `{segment}` are keys or ids; `{sdkKey}` and `{ruleId}` are ids. Ids are UUIDs; keys never look like one.',
  '- **Pagination**: lists answer `{items, next_cursor, _actions}`; pass `next_cursor` back as `cursor`.',
  '  `limit` is clamped into 1–200 (default 50).',
  '- **Errors**: `{error, message, docs_url}` plus `fields`, `retry_after`, `did_you_mean` or `next_actions`',
  '  where they apply; keys are snake_case and null keys are omitted.',
  '- **Rate limits**: every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and',
  '  `X-RateLimit-Reset`; a 429 adds `Retry-After`.',
].join('\n');

const successDescriptions: Readonly<Record<Endpoint['success']['status'], string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content: the change is applied; the answer has no body',
};

export function buildOpenApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  const servers = options.servers ?? [defaultOpenApiServer];
  const serverUrl = servers[0]?.url ?? defaultOpenApiServer.url;
  const errors = errorResponses(serverUrl);
  const paths: ZodOpenApiPathsObject = {};
  const ofrepErrors = ofrepErrorResponses();
  for (const [operationId, endpoint] of Object.entries(endpoints) as [OperationId, Endpoint][]) {
    const pathItem: ZodOpenApiPathItemObject = paths[endpoint.path] ?? {};
    paths[endpoint.path] = pathItem;
    const method = endpoint.method.toLowerCase() as Lowercase<HttpMethod>;
    if (endpoint.credential === 'sdkKey') {
      pathItem[method] = sdkKeyOperation(operationId, endpoint, errors, ofrepErrors);
      continue;
    }
    const responses: ZodOpenApiResponsesObject = {
      [endpoint.success.status]: successResponse(operationId, endpoint),
    };
    for (const status of errorStatusesOf(endpoint)) {
      if (!isErrorStatus(status)) throw new Error(`${operationId}: no error response for status ${status}`);
      responses[`${status}`] = errors[status];
    }
    pathItem[method] = operation(operationId, endpoint, responses);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Flagplane API',
        version: '1.0.0',
        description: documentDescription,
        contact: openApiContact(serverUrl),
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: servers.map((server) => ({ ...server })),
      security: [{ [securitySchemeName]: [] }],
      tags: [...new Set(Object.values(endpoints).map((endpoint) => endpoint.resource))].map((name) => ({
        name,
        description: tagDescriptions[name],
      })),
      paths,
      components: {
        securitySchemes: {
          [securitySchemeName]: { ...securityScheme },
          [sdkKeySecuritySchemeName]: { ...sdkKeySecurityScheme },
          [apiKeySecuritySchemeName]: { ...apiKeySecurityScheme },
        },
        headers: headerComponents(),
      },
    },
    { override: applyDocumentedForm },
  );
}

function operation(
  operationId: OperationId,
  endpoint: Endpoint & { credential: 'token' },
  responses: ZodOpenApiResponsesObject,
): ZodOpenApiOperationObject {
  return {
    operationId,
    summary: endpoint.summary,
    description: operationDescription(endpoint),
    tags: [endpoint.resource],
    requestParams: requestParameters(operationId, endpoint),
    ...(endpoint.body
      ? { requestBody: jsonRequestBody(endpoint.body, requestBodyExamples[operationId as BodyOperationId]) }
      : {}),
    responses,
  };
}

/** A required JSON body with its examples. */
function jsonRequestBody(schema: z.ZodType, examples: Record<string, { summary: string; value: unknown }>) {
  return { required: true, content: { 'application/json': { schema, examples } } };
}

/** How a change stream reads (OpenAPI 3.1 cannot type a stream's events; its schema is one event's data). */
const eventStreamDescription =
  'OK: a stream of Server-Sent Events that stays open. First `retry: 1000`; then, for each change, an event ' +
  '`message` with `id: <version>` and `data:` the JSON of the schema below (OFREP’s refetchEvaluation); a ' +
  'comment line every 15 s while nothing changes. Connecting without `Last-Event-ID` gets an event at once ' +
  '(what the caller fetched before connecting may already be stale).';

const keyTypeNames = { ServerSide: 'server-side (`fp_srv_…`)', ClientSide: 'client-side (`fp_cli_…`)' };

/**
 * An operation an SDK key calls: the key instead of a token (and `X-API-Key` beside the bearer header on
 * OFREP's paths), for a conditional one its ETag and 304, and OFREP's own error answers on its paths.
 */
function sdkKeyOperation(
  operationId: OperationId,
  endpoint: SdkKeyEndpoint,
  errors: ReturnType<typeof errorResponses>,
  ofrepErrors: ReturnType<typeof ofrepErrorResponses>,
): ZodOpenApiOperationObject {
  const { schema } = endpoint.success;
  const id = schema ? z.globalRegistry.get(schema)?.id : undefined;
  const ofrep = endpoint.errorFormat === 'ofrep';
  const responses: ZodOpenApiResponsesObject = {
    200: endpoint.eventStream
      ? {
          description: eventStreamDescription,
          headers: commonHeaders(),
          ...(schema ? { content: { 'text/event-stream': { schema } } } : {}),
        }
      : {
          description: id ? `OK: ${id}` : 'OK',
          headers: endpoint.conditional ? conditionalHeaders() : commonHeaders(),
          ...(schema ? { content: { 'application/json': { schema } } } : {}),
        },
  };
  if (endpoint.conditional) {
    responses['304'] = {
      description: 'Not Modified: `If-None-Match` holds the current ETag; the answer has no body',
      headers: conditionalHeaders(),
    };
  }
  for (const status of errorStatusesOf(endpoint)) {
    if (ofrep) {
      const response = (ofrepErrors as Partial<Record<number, ZodOpenApiResponsesObject['200']>>)[status];
      if (!response) throw new Error(`${operationId}: no OFREP error response for status ${status}`);
      responses[String(status) as '400'] = response;
    } else if (status === 403) {
      responses['403'] = {
        description: 'The SDK key is of a type this operation does not take (`forbidden`).',
        headers: commonHeaders(),
        content: errors[403].content,
      };
    } else {
      if (!isErrorStatus(status)) throw new Error(`${operationId}: no error response for status ${status}`);
      responses[`${status}`] = errors[status];
    }
  }
  const keys = endpoint.keyTypes.map((type) => keyTypeNames[type]);
  const credentials: Record<string, string[]>[] = [{ [sdkKeySecuritySchemeName]: [] }];
  if (ofrep) credentials.push({ [apiKeySecuritySchemeName]: [] });
  return {
    operationId,
    summary: endpoint.summary,
    description: `Authenticated by an SDK key: ${keys.join(' or ')}.${endpoint.conditional ? ' Conditional: send the ETag back in `If-None-Match`.' : ''}`,
    tags: [endpoint.resource],
    security: credentials,
    requestParams: {
      ...requestParameters(operationId, endpoint),
      ...(endpoint.conditional
        ? {
            header: z.object({
              'if-none-match': z.string().optional().meta({
                description: 'The ETag of the answer the caller holds: a `304` while it is current.',
              }),
            }),
          }
        : {}),
      ...(endpoint.eventStream
        ? {
            header: z.object({
              'last-event-id': z.string().optional().meta({
                description:
                  'The id of the last event the caller saw (the version it holds): an event at once when it is no longer current.',
              }),
            }),
          }
        : {}),
    },
    ...(endpoint.body
      ? { requestBody: jsonRequestBody(endpoint.body, requestBodyExamples[operationId as BodyOperationId]) }
      : {}),
    responses,
  };
}

function operationDescription(endpoint: Endpoint & { credential: 'token' }): string {
  const lines = [
    endpoint.minimumRole ? `Minimum role: ${endpoint.minimumRole}.` : 'Any authenticated caller.',
  ];
  if (endpoint.method !== 'GET' && endpoint.idempotent) lines.push('Idempotent: safe to retry.');
  return lines.join(' ');
}

function successResponse(operationId: OperationId, endpoint: Endpoint) {
  const { status, schema } = endpoint.success;
  const id = schema ? z.globalRegistry.get(schema)?.id : undefined;
  const links = linksOf(operationId);
  return {
    description: id ? `${successDescriptions[status]}: ${id}` : successDescriptions[status],
    headers: commonHeaders(),
    ...(schema ? { content: { 'application/json': { schema } } } : {}),
    ...(Object.keys(links).length > 0 ? { links } : {}),
  };
}

/** The `{name}` segments of the path (shared parameter components) and the query schema's properties. */
function requestParameters(operationId: OperationId, endpoint: Endpoint): ZodOpenApiParameters {
  const parameters: ZodOpenApiParameters = {};
  const path: Record<string, z.ZodString> = {};
  for (const [, name = ''] of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
    const parameter = pathParameters[name as keyof typeof pathParameters];
    if (!parameter) throw new Error(`${operationId}: no description of the path parameter {${name}}`);
    path[name] = parameter;
  }
  if (Object.keys(path).length > 0) parameters.path = z.object(path);
  if (endpoint.query) {
    if (!(endpoint.query instanceof z.ZodObject))
      throw new Error(`${operationId}: the query schema must be an object`);
    parameters.query = endpoint.query;
  }
  return parameters;
}

/** The bytes of `openapi.json`: 2-space indentation and a trailing newline, the same on every run. */
export function serializeOpenApiDocument(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
