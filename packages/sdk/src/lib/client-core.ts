/**
 * What every generated method hands off to: validate the body with the contract, measure it against the
 * server's 1 MiB limit, fill the path, send, and parse the answer with the contract. Generated resources
 * hold one of these and nothing else. Sending needs only the generated route table; the contract's
 * schemas are loaded by the first body or answer to check, or as soon as the client is created when it
 * validates answers (load-contract-checks.ts says why).
 */
import type { Action, Endpoint, OperationId, ValidationFailure } from '@flagplane/contract';
import { operationRoutes } from '../generated/operation-routes.js';
import { ApiPromise, type ApiResponse } from './api-promise.js';
import type { ResolvedClientOptions } from './client-options.js';
import { PayloadTooLargeError, ResponseValidationError, ValidationError } from './errors.js';
import { type EventStream, type EventStreamOptions, openEventStream } from './event-stream.js';
import { HttpTransport, type TransportResponse } from './http-transport.js';
import {
  type ContractChecks,
  loadContractChecks,
  loadedContractChecks,
  preloadContractChecks,
} from './load-contract-checks.js';
import type { OperationRoute } from './operation-route.js';
import type {
  ListItemOf,
  ListOperationId,
  PathParamsOf,
  QueryOf,
  RequestInputOf,
  ResponseOf,
} from './operation-types.js';
import { Page, PagePromise } from './page.js';
import { expandPath } from './path-template.js';
import { toSearchParams } from './query-string.js';
import { readRateLimit } from './rate-limit.js';
import { maxRequestBodyBytes, oversizedBodyBytes } from './request-body.js';
import type { ConditionalRequestOptions, RequestOptions } from './request-options.js';

/** `ifNoneMatch` travels as the `If-None-Match` header; the transport knows only headers. */
function withIfNoneMatch(options: ConditionalRequestOptions | undefined): RequestOptions | undefined {
  if (options?.ifNoneMatch === undefined) return options;
  const { ifNoneMatch, ...rest } = options;
  return { ...rest, headers: { ...rest.headers, 'if-none-match': ifNoneMatch } };
}

interface Envelope<Item> {
  readonly items: readonly Item[];
  readonly next_cursor: string | null;
  readonly _actions: Readonly<Record<string, Action>>;
}

export class ClientCore {
  readonly #options: ResolvedClientOptions;
  readonly #transport: HttpTransport;

  constructor(options: ResolvedClientOptions) {
    this.#options = options;
    this.#transport = new HttpTransport(options);
    if (options.validateResponses) preloadContractChecks();
  }

  /** One request, sent at once. */
  request<Operation extends OperationId>(
    operationId: Operation,
    params: PathParamsOf<Operation>,
    input: RequestInputOf<Operation>,
    options?: RequestOptions,
  ): ApiPromise<ResponseOf<Operation>> {
    return new ApiPromise(
      () =>
        this.#send(operationId, params, input.body, undefined, options) as Promise<
          ApiResponse<ResponseOf<Operation>>
        >,
    );
  }

  /**
   * An event stream (§24): opened now, its events' data parsed as JSON and, when the client validates
   * answers, checked against the operation's schema.
   */
  async stream<Operation extends OperationId>(
    operationId: Operation,
    params: PathParamsOf<Operation>,
    query: object | undefined,
    options: EventStreamOptions = {},
  ): Promise<EventStream<ResponseOf<Operation>>> {
    const route = operationRoutes[operationId];
    const label = `${route.method} ${route.path}`;
    const checks = this.#options.validateResponses
      ? (loadedContractChecks() ?? (await loadContractChecks()))
      : undefined;
    const schema = checks ? (checks.endpoints[operationId] as Endpoint).success.schema : undefined;
    const parse = (data: string): ResponseOf<Operation> => {
      const value: unknown = JSON.parse(data);
      if (!schema || !checks) return value as ResponseOf<Operation>;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data as ResponseOf<Operation>;
      throw new ResponseValidationError({
        operation: label,
        status: 200,
        requestId: null,
        issues: checks.describeIssues(parsed.error.issues, value).fields,
        body: value,
      });
    };
    return openEventStream(
      this.#options,
      {
        path: expandPath(route.path, params),
        searchParams: query ? toSearchParams(query as Record<string, unknown>) : undefined,
        label,
      },
      options,
      parse,
    );
  }

  /** A paginated list: one request per page, each with the caller's query and the previous cursor. */
  list<Operation extends ListOperationId>(
    operationId: Operation,
    params: PathParamsOf<Operation>,
    query: QueryOf<Operation> | undefined,
    options?: RequestOptions,
  ): PagePromise<ListItemOf<Operation>> {
    type Item = ListItemOf<Operation>;
    const fetchPage = async (cursor: string | undefined): Promise<ApiResponse<Page<Item>>> => {
      const pageQuery = cursor === undefined ? query : { ...query, cursor };
      const response = await this.#send(operationId, params, undefined, pageQuery, options);
      return { ...response, data: new Page(response.data as Envelope<Item>, fetchPage, options?.signal) };
    };
    return new PagePromise(fetchPage, options?.signal);
  }

  async #send(
    operationId: OperationId,
    params: Readonly<Record<string, string>>,
    body: unknown,
    query: object | undefined,
    options: ConditionalRequestOptions | undefined,
  ): Promise<ApiResponse<unknown>> {
    const route = operationRoutes[operationId];
    const callOptions = withIfNoneMatch(options);
    if (route.hasBody) {
      // Checked only: the body is sent as given, so the server applies its own defaults and transforms.
      const { endpoints, validateInput } = loadedContractChecks() ?? (await loadContractChecks());
      const schema = (endpoints[operationId] as Endpoint).body;
      if (schema) {
        const checked = validateInput(schema, body);
        if (!checked.success) throw this.#localValidationError(checked.failure);
      }
    }
    const json = body === undefined ? undefined : JSON.stringify(body);
    if (json !== undefined) {
      const bodyBytes = oversizedBodyBytes(json);
      if (bodyBytes !== null) throw this.#localPayloadTooLargeError(bodyBytes);
    }
    const response = await this.#transport.send(
      {
        method: route.method,
        path: expandPath(route.path, params),
        // Only lists have a query: no empty URLSearchParams for every other call.
        searchParams: query ? toSearchParams(query as Record<string, unknown>) : undefined,
        json,
        safeToRepeat: route.idempotent,
      },
      callOptions,
    );
    // The checks are awaited only while they load: a call after that takes no extra turn of the loop.
    const checks =
      route.hasResponseSchema && this.#options.validateResponses
        ? (loadedContractChecks() ?? (await loadContractChecks()))
        : undefined;
    return {
      data: this.#parseSuccess(operationId, route, response, checks),
      status: response.status,
      headers: response.headers,
      requestId: response.requestId,
      rateLimit: readRateLimit(response.headers),
    };
  }

  /** The answer's body, parsed with the contract when `checks` are given (validateResponses). */
  #parseSuccess(
    operationId: OperationId,
    route: OperationRoute,
    response: TransportResponse,
    checks: ContractChecks | undefined,
  ): unknown {
    if (!route.hasResponseSchema) return undefined;
    // A conditional call whose ETag is current: the caller keeps what it has.
    if (response.status === 304) return null;
    if (!checks) return response.body;
    const { endpoints, describeIssues } = checks;
    const schema = (endpoints[operationId] as Endpoint).success.schema;
    if (!schema) return response.body;
    const parsed = schema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    throw new ResponseValidationError({
      operation: `${route.method} ${route.path}`,
      status: response.status,
      requestId: response.requestId,
      issues: describeIssues(parsed.error.issues, response.body).fields,
      body: response.body,
    });
  }

  /** The 413 the server would have answered, found before sending: never sent, so never retried. */
  #localPayloadTooLargeError(bodyBytes: number): PayloadTooLargeError {
    const docsUrl = `${this.#options.baseUrl}/docs/errors#payload_too_large`;
    const message =
      `The request body is ${bodyBytes.toLocaleString('en-US')} bytes of JSON (UTF-8); the server accepts ` +
      `at most ${maxRequestBodyBytes.toLocaleString('en-US')} bytes (1 MiB).`;
    return new PayloadTooLargeError(
      {
        status: 413,
        error: 'payload_too_large',
        message: `${message} (found before sending; no request was made)`,
        docsUrl,
        requestId: null,
        body: { error: 'payload_too_large', message, docs_url: docsUrl },
        headers: new Headers(),
      },
      { bodyBytes },
    );
  }

  /** The error the server would have answered, found before sending. */
  #localValidationError(failure: ValidationFailure): ValidationError {
    const docsUrl = `${this.#options.baseUrl}/docs/errors#validation_failed`;
    return new ValidationError(
      {
        status: 400,
        error: 'validation_failed',
        message: `${failure.message} (found before sending; no request was made)`,
        docsUrl,
        requestId: null,
        body: {
          error: 'validation_failed',
          message: failure.message,
          docs_url: docsUrl,
          fields: failure.fields,
          ...(failure.didYouMean ? { did_you_mean: failure.didYouMean } : {}),
        },
        headers: new Headers(),
        fields: failure.fields,
        ...(failure.didYouMean ? { didYouMean: failure.didYouMean } : {}),
      },
      { detectedBeforeSending: true },
    );
  }
}
