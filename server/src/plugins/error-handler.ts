/**
 * The one place errors become the document's error body (§15): flat snake_case keys, nulls omitted,
 * `docs_url` pointing at the error reference. Unknown errors are 500 `internal_error` with the request
 * id and nothing internal; the details go to the log only.
 */
import type { ErrorBody } from '@flagplane/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../domain/api-error.js';
import { ofrepErrorAnswer } from '../domain/ofrep-error-answer.js';
import { StoreUnavailableError } from '../store/store-unavailable.js';

export interface ErrorHandlerOptions {
  /** Where `docs_url` points: `{baseUrl}/docs/errors#<code>`. */
  readonly baseUrl: string;
}

export function errorBody(error: ApiError, baseUrl: string): ErrorBody {
  const { fields, didYouMean, nextActions, retryAfter } = error.details;
  return {
    error: error.code,
    message: error.message,
    docs_url: `${baseUrl}/docs/errors#${error.code}`,
    ...(fields ? { fields } : {}),
    ...(retryAfter !== undefined ? { retry_after: retryAfter } : {}),
    ...(didYouMean && didYouMean.length > 0 ? { did_you_mean: [...didYouMean] } : {}),
    ...(nextActions && nextActions.length > 0 ? { next_actions: [...nextActions] } : {}),
  };
}

/** §15: an unknown route (a path the table does not have). */
export const noRoute = (method: string, path: string): ApiError =>
  new ApiError('not_found', `No route ${method} ${path}.`);

/** Fastify's own errors (body parsing, limits) in the API's words. */
function fromFrameworkError(error: FastifyError, request: FastifyRequest): ApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is larger than 1 MiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        'unsupported_media_type',
        'Request bodies must be JSON (Content-Type: application/json).',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('bad_request', 'The request body is not valid JSON.');
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new ApiError('payload_too_large', 'The request body is larger than 1 MiB.');
  if (status === 415) return new ApiError('unsupported_media_type', 'Request bodies must be JSON.');
  if (status >= 400 && status < 500)
    return new ApiError('bad_request', `The request is malformed: ${error.message}`);
  return internalError(request);
}

/** §22: the database is out of reach; the same request may succeed after `Retry-After` seconds. */
const unavailable = (error: StoreUnavailableError) =>
  new ApiError('unavailable', error.message, {
    retryAfter: error.retryAfter,
    headers: { 'retry-after': String(error.retryAfter) },
  });

const internalError = (request: FastifyRequest) =>
  new ApiError('internal_error', `An unexpected error occurred; request id ${request.id}.`);

/** The API's error body (§15), or OFREP's on its paths (§23), with the error's headers. */
export function errorAnswer(
  error: ApiError,
  request: { readonly format: 'api' | 'ofrep'; readonly params?: unknown },
  baseUrl: string,
): { readonly status: number; readonly body: object } {
  if (request.format === 'api') return { status: error.status, body: errorBody(error, baseUrl) };
  const flagKey = (request.params as { key?: unknown } | undefined)?.key;
  return ofrepErrorAnswer(error, typeof flagKey === 'string' ? flagKey : undefined);
}

/** OFREP's paths answer errors in OFREP's shape, a route the router does not know included. */
const errorFormatOf = (request: FastifyRequest): 'api' | 'ofrep' =>
  request.routeOptions?.config?.errorFormat ?? (request.url.startsWith('/ofrep/') ? 'ofrep' : 'api');

function sendError(reply: FastifyReply, error: ApiError, baseUrl: string) {
  for (const [name, value] of Object.entries(error.details.headers ?? {})) reply.header(name, value);
  const { request } = reply;
  const answer = errorAnswer(error, { format: errorFormatOf(request), params: request.params }, baseUrl);
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/**
 * Fastify's router answers a URL it cannot decode (`%ZZ`) and a path value longer than `maxParamLength`
 * itself, before any hook or the error handler, with a body of its own and a 414. This is its
 * `frameworkErrors` option: a URL that does not decode is `400 bad_request`; a path value longer than
 * any key or id names nothing, so it is `404 not_found` (§1). Hooks do not run, so the request id is set here.
 */
export function answerFrameworkError(baseUrl: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    const apiError =
      error.code === 'FST_ERR_BAD_URL'
        ? new ApiError('bad_request', `The request URL is malformed: ${shown} is not valid percent-encoding.`)
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError('not_found', `No resource at ${shown}: a path value is longer than any key or id.`)
          : internalError(request);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    reply.header('x-request-id', request.id);
    void sendError(reply, apiError, baseUrl);
  };
}

export const errorHandlerPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: ErrorHandlerOptions) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let apiError: ApiError;
      if (error instanceof ApiError) apiError = error;
      else if (error instanceof StoreUnavailableError) apiError = unavailable(error);
      else if (typeof error.code === 'string' && error.code.startsWith('FST_'))
        apiError = fromFrameworkError(error, request);
      else apiError = internalError(request);
      if (apiError.code === 'unavailable') request.log.warn({ err: error }, 'the store is unavailable');
      else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, apiError, options.baseUrl);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      return sendError(reply, noRoute(request.method, path), options.baseUrl);
    });
  },
  { name: 'flagplane-error-handler' },
);
