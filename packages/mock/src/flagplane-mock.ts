/**
 * The mock: the reference server (`buildServer`) on an in-memory store, never listening. Every request,
 * whichever way it arrives (msw, nock, a local port), is answered by the server's own logic through
 * Fastify's `inject`, so statuses, bodies and headers are exactly the server's.
 */
import {
  type Endpoint,
  ErrorCode,
  endpoints,
  errorStatus,
  matchOperation,
  type OperationId,
} from '@flagplane/contract';
import { ApiError, buildServer, createMemoryStore, errorAnswer, type StoreData } from '@flagplane/server';
import type { HttpHandler } from 'msw';
import { answerFetchRequest } from './answer-fetch-request.js';
import { eventStreamBody, type InjectedStreamAnswer, injectedText } from './event-stream-answer.js';
import { type Fault, type FaultMatcher, FaultRegistry } from './faults.js';
import { mswHandlersFor } from './msw-handlers.js';
import { installNockInterceptors, type NockInstallation } from './nock-interceptors.js';
import { identitiesOf, type MockSeed } from './seed.js';
import { applySeedResources } from './seed-resources.js';

export interface FlagplaneMockOptions {
  /** @default organization `acme` with an Owner `owner` */
  readonly seed?: MockSeed;
  /** The address clients use; msw and nock intercept it. @default http://flagplane.mock */
  readonly baseUrl?: string;
  /** @default 600 requests per 60 s, like the server */
  readonly rateLimit?: { readonly max: number; readonly windowSeconds: number };
  /** @default () => new Date() */
  readonly clock?: () => Date;
}

export interface MockRequest {
  readonly method: string;
  /** Path and query, e.g. `/api/v1/orgs/acme?limit=2`. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  /** Aborting it ends an event stream's answer (§24) as a client closing its connection does. */
  readonly signal?: AbortSignal | undefined;
}

export type MockResponse =
  | {
      readonly networkError: false;
      readonly status: number;
      readonly headers: Record<string, string>;
      readonly body: string;
      /**
       * An open event stream's body (§24's change stream), in place of `body`: events arrive as the server
       * writes them; cancel it to leave, as a client closing its connection does.
       */
      readonly stream?: ReadableStream<Uint8Array>;
    }
  | { readonly networkError: true };

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly operationId: OperationId | null;
  /** The status answered, or null for a network-error fault. */
  readonly status: number | null;
}

/** The server app: used inside the mock only, so that its framework's types are no part of the mock's API. */
type ServerApp = Awaited<ReturnType<typeof buildServer>>;

/**
 * The error code a fault answers its status with: the contract's table (§15) read backwards. A 400 is
 * `bad_request`: `validation_failed` names the fields at fault, and an injected fault has none.
 */
const faultCodes: ReadonlyMap<number, ErrorCode> = new Map(
  ErrorCode.options.filter((code) => code !== 'validation_failed').map((code) => [errorStatus[code], code]),
);

/**
 * Where the mock sends the server a request of a faulted caller: no route has this path, so it costs the
 * server nothing but counting it, which it does for every API request, answered or refused.
 */
/** Where a faulted request is counted: a path no route has, taking the faulted operation's credential. */
const faultedRequestPaths = {
  token: '/api/v1/flagplane-mock/faulted-request',
  sdkKey: '/api/v1/sdk/flagplane-mock/faulted-request',
} as const;

export class FlagplaneMock {
  /** Requests answered since the last `reset()`. Prefer asserting outcomes over calls. */
  readonly requests: RecordedRequest[] = [];
  private readonly faults = new FaultRegistry();

  private constructor(
    private readonly app: ServerApp,
    readonly baseUrl: string,
    /** Tokens by user or service-token name. */
    readonly tokens: Readonly<Record<string, string>>,
    private seedState: StoreData,
  ) {}

  static async create(options: FlagplaneMockOptions = {}): Promise<FlagplaneMock> {
    const baseUrl = (options.baseUrl ?? 'http://flagplane.mock').replace(/\/+$/, '');
    const { identities, tokens } = identitiesOf(options.seed ?? {});
    const store = createMemoryStore();
    // The server's own defaults where the options leave something out.
    const app = await buildServer({
      store,
      identities,
      baseUrl,
      rateLimit: options.rateLimit,
      clock: options.clock,
    });
    const mock = new FlagplaneMock(app, baseUrl, tokens, store.snapshot());
    if (options.seed?.resources?.length) {
      await applySeedResources(mock, options.seed.resources, identities);
      mock.seedState = store.snapshot();
      await mock.reset();
    }
    return mock;
  }

  /**
   * msw request handlers for `baseUrl`, answering from this mock. Serve them with `setupFetchServer` (what
   * `setupFlagplaneMock()` does): msw's stock `setupServer` works too, at about twice the cost per call.
   */
  get handlers(): HttpHandler[] {
    return mswHandlersFor(this);
  }

  /**
   * A `fetch` answering from this mock directly, with no interception library: hand it to the SDK
   * (`createClient({ baseUrl: mock.baseUrl, token, fetch: mock.fetch })`) where the code under test takes a
   * fetch. Same answers as through msw, and cheaper per call: no interception, no msw handler pipeline. A
   * network-error fault rejects exactly as Node's fetch does when a connection fails (a TypeError "fetch
   * failed" with the reason as its cause), so clients, the SDK included, see a network error.
   */
  readonly fetch: typeof fetch = async (input, init) => {
    const response = await answerFetchRequest(this, new Request(input, init));
    if (!response) {
      throw new TypeError('fetch failed', { cause: new Error('Flagplane mock: injected network error') });
    }
    return response;
  };

  /** Installs nock interceptors for `baseUrl` answering from this mock (nock must be installed). */
  nock(): Promise<NockInstallation> {
    return installNockInterceptors(this);
  }

  /** Back to the seed: data, rate-limit counts, faults and the request log. No new app, no re-parsing. */
  async reset(): Promise<void> {
    await this.app.store.replace(this.seedState);
    this.app.resetRateLimits();
    this.faults.clear();
    this.requests.length = 0;
  }

  /** A deep copy of the current state, for assertions. */
  snapshot(): StoreData {
    return this.app.store.snapshot();
  }

  /** Answers matching requests with a fault until it has been used `times` times (default: always). */
  fail(matcher: FaultMatcher, fault: Fault): void {
    this.faults.add(matcher, fault);
  }

  /** Answers one request the way the server would (or with a fault the test asked for). */
  async handle(request: MockRequest): Promise<MockResponse> {
    const path = request.url.split('?')[0] ?? request.url;
    const match = matchOperation(request.method, path);
    const operationId = match?.operationId ?? null;
    const fault = this.faults.take({ method: request.method, path, operationId });
    const record = (status: number | null) =>
      this.requests.push({ method: request.method.toUpperCase(), path, operationId, status });
    if (fault && 'networkError' in fault) {
      record(null);
      return { networkError: true };
    }
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const response = fault?.status
      ? await this.faultResponse(request, match, fault.status, fault.retryAfter)
      : await this.inject(request, match !== null && isEventStream(endpoints[match.operationId]));
    record(response.status);
    return response;
  }

  close(): Promise<void> {
    return this.app.close();
  }

  /** The server's answer; `eventStream` for an operation that may answer with a stream that stays open. */
  private async inject(
    request: MockRequest,
    eventStream = false,
  ): Promise<MockResponse & { networkError: false }> {
    const response = await this.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined || request.body === '' ? {} : { payload: request.body }),
      ...(eventStream ? { payloadAsStream: true } : {}),
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || name === 'connection' || name === 'keep-alive' || name === 'date') continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    if (!eventStream)
      return { networkError: false, status: response.statusCode, headers, body: response.body };
    const streamed = response as unknown as InjectedStreamAnswer;
    return headers['content-type']?.startsWith('text/event-stream')
      ? {
          networkError: false,
          status: response.statusCode,
          headers,
          body: '',
          stream: eventStreamBody(streamed, request.signal),
        }
      : { networkError: false, status: response.statusCode, headers, body: await injectedText(streamed) };
  }

  /**
   * The API's error answer for an injected fault: the server's error body for the status (OFREP's on
   * OFREP's paths), and the rate-limit headers and request id the server gives this caller now, having
   * counted the request.
   */
  private async faultResponse(
    request: MockRequest,
    match: ReturnType<typeof matchOperation>,
    status: number,
    retryAfter = 1,
  ): Promise<MockResponse & { networkError: false }> {
    const endpoint: Endpoint | null = match ? endpoints[match.operationId] : null;
    const caller = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) =>
        ['authorization', 'x-api-key', 'x-request-id'].includes(name.toLowerCase()),
      ),
    );
    const url = faultedRequestPaths[endpoint?.credential ?? 'token'];
    const counted = await this.inject({ method: 'GET', url, headers: caller });
    const { 'content-length': _, ...headers } = counted.headers;
    const isRateLimit = status === 429;
    const error = new ApiError(
      faultCodes.get(status) ?? 'internal_error',
      isRateLimit
        ? `Rate limit exceeded; retry in ${retryAfter} s.`
        : `Injected fault ${status}; request id ${headers['x-request-id']}.`,
      isRateLimit ? { retryAfter } : {},
    );
    return {
      networkError: false,
      status,
      headers: {
        ...headers,
        ...(isRateLimit ? { 'x-ratelimit-remaining': '0', 'retry-after': String(retryAfter) } : {}),
      },
      body: JSON.stringify(
        errorAnswer(
          error,
          {
            format: endpoint?.credential === 'sdkKey' ? endpoint.errorFormat : 'api',
            params: match?.params,
          },
          this.baseUrl,
        ).body,
      ),
    };
  }
}

/** Whether an operation may answer with a stream that stays open (§24). */
const isEventStream = (endpoint: Endpoint): boolean =>
  'eventStream' in endpoint && endpoint.eventStream === true;

/** Builds a mock seeded from `options.seed`. */
export const createFlagplaneMock = (options?: FlagplaneMockOptions): Promise<FlagplaneMock> =>
  FlagplaneMock.create(options);
