/**
 * Sends one request through `inject` and checks what every answer must satisfy, whatever was sent: no
 * 5xx; every 4xx carries the contract's error body with the status of its code; a refused request (and
 * any read) leaves the store exactly as it was. Throws an Error describing the request otherwise.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  type Endpoint,
  ErrorBody,
  endpoints,
  errorStatus,
  matchOperation,
  OfrepErrorBody,
} from '@flagplane/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { StoreData } from '../../../src/store/records.js';
import { tokens } from '../../fixtures.js';
import type { Method, Payload } from './fuzz-arbitraries.js';

export interface HostileRequest {
  readonly method: Method;
  readonly url: string;
  readonly authorization?: string | undefined;
  readonly contentType?: string | undefined;
  readonly payload: Payload;
}

export interface CheckedAnswer {
  readonly status: number;
  /** The store changed: a write succeeded. */
  readonly changed: boolean;
  /** The answer's body, parsed when it is JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: like `inject(…).json()`, tests read what they expect
  readonly body: any;
  readonly milliseconds: number;
}

const bodyText = (payload: Payload): string | undefined =>
  payload === null ? undefined : 'raw' in payload ? payload.raw : JSON.stringify(payload.json);

export function describeRequest(request: HostileRequest): string {
  const body = bodyText(request.payload);
  const shown = body !== undefined && body.length > 300 ? `${body.slice(0, 300)}… (${body.length})` : body;
  return `${request.method} ${request.url.slice(0, 300)} [${request.contentType ?? 'no content type'}] ${shown ?? '(no body)'}`;
}

export async function sendChecked(app: FastifyInstance, request: HostileRequest): Promise<CheckedAnswer> {
  const before = app.store.snapshot();
  const headers: Record<string, string> = {};
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  const body = bodyText(request.payload);
  if (request.contentType !== undefined && body !== undefined) headers['content-type'] = request.contentType;
  const options: InjectOptions = { method: request.method, url: request.url, headers };
  if (body !== undefined) options.payload = body;
  const started = performance.now();
  const response = isEventStream(request) ? await firstEventOf(app, options) : await app.inject(options);
  const milliseconds = performance.now() - started;
  const after = app.store.snapshot();
  const changed = !isDeepStrictEqual(withoutLastUse(before), withoutLastUse(after));
  const fail = (problem: string) => {
    throw new Error(
      `${problem}\n  request: ${describeRequest(request)}\n  answer: ${response.statusCode} ${response.body.slice(0, 500)}`,
    );
  };

  if (response.statusCode >= 500) fail('a 5xx answer');
  if (response.statusCode >= 400) {
    if (changed) fail('a refused request changed the store');
    if (request.method !== 'HEAD') {
      if (!String(response.headers['content-type']).startsWith('application/json'))
        fail('an error answer that is not JSON');
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        return fail('an error body that does not parse as JSON');
      }
      if (request.url.startsWith('/ofrep/')) checkOfrepError(body, response.statusCode, fail);
      else {
        const parsed = ErrorBody.safeParse(body);
        if (!parsed.success) fail(`an error body that breaks ErrorBody: ${parsed.error.message}`);
        else if (errorStatus[parsed.data.error] !== response.statusCode)
          fail(`error code ${parsed.data.error} with status ${response.statusCode}`);
      }
    }
  }
  // A read-only POST (the playground) is a read too.
  const operation = matchOperation(request.method, request.url);
  const readOnly = operation !== null && (endpoints[operation.operationId] as Endpoint).readOnly === true;
  const reads = readOnly || ['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  if (changed && reads) fail('a read changed the store');
  // §19: a write that succeeds records exactly one event, in the same commit (a refused one none: above).
  const recorded = Object.keys(after.events).length - Object.keys(before.events).length;
  if (response.statusCode < 300 && !reads && recorded !== 1) {
    fail(`a successful write recorded ${recorded} events`);
  }
  if (!response.headers['x-request-id']) fail('an answer without X-Request-Id');
  const json =
    String(response.headers['content-type']).startsWith('application/json') && response.body !== '';
  return { status: response.statusCode, changed, body: json ? response.json() : response.body, milliseconds };
}

/**
 * The store without SDK keys' `lastUsedAt`: bookkeeping a delivery writes after its answer (§12), which
 * is not a change of anything a request asked for.
 */
function withoutLastUse(data: StoreData): StoreData {
  const sdkKeys = Object.fromEntries(
    Object.entries(data.sdkKeys).map(([id, key]) => [id, { ...key, lastUsedAt: null }]),
  );
  return { ...data, sdkKeys };
}

/** §23: OFREP's error body; a code only on 400 (`FLAG_NOT_FOUND`: 404), as its document says. */
function checkOfrepError(body: unknown, status: number, fail: (problem: string) => never): void {
  const parsed = OfrepErrorBody.safeParse(body);
  if (!parsed.success) fail(`an error body that breaks OfrepErrorBody: ${parsed.error.message}`);
  else if (
    parsed.data.errorCode === 'FLAG_NOT_FOUND' ? status !== 404 : parsed.data.errorCode && status !== 400
  )
    fail(`OFREP error code ${parsed.data.errorCode} with status ${status}`);
  else if (status === 400 && !parsed.data.errorCode) fail('an OFREP 400 without errorCode');
}

const streamPath = endpoints.streamSdkChanges.path;
const isEventStream = (request: HostileRequest) =>
  request.method === 'GET' && (request.url === streamPath || request.url.startsWith(`${streamPath}?`));

/**
 * A change stream (§24) stays open: its answer is read up to its first event (or its end, for an error),
 * then left. The server's close ends it.
 */
async function firstEventOf(app: FastifyInstance, options: InjectOptions) {
  const streamed = await app.inject({ ...options, payloadAsStream: true });
  const stream = streamed.stream();
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('\ndata: ')) break;
  }
  stream.destroy();
  return {
    statusCode: streamed.statusCode,
    headers: streamed.headers,
    body: text,
    json: () => JSON.parse(text),
  };
}

/** `sendChecked` as the organization's owner, with raw body text. */
export function sendAsOwner(
  app: FastifyInstance,
  method: Method,
  url: string,
  raw?: string,
  contentType = 'application/json',
): Promise<CheckedAnswer> {
  return sendChecked(app, {
    method,
    url,
    authorization: `Bearer ${tokens.owner}`,
    contentType,
    payload: raw === undefined ? null : { raw },
  });
}

/** Counts answers by status, for the summary a fuzz run prints. */
export class StatusTally {
  readonly #counts = new Map<number, number>();
  total = 0;

  add(status: number): void {
    this.total++;
    this.#counts.set(status, (this.#counts.get(status) ?? 0) + 1);
  }

  toString(): string {
    return [...this.#counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  }
}
