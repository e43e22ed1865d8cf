/**
 * The port while the server starts (issue #34): the process listens as soon as its configuration is
 * read, before the store loads (a large data file or event log takes seconds), so that an orchestrator
 * and a load balancer see a process that is starting, not a refused connection, and a port already in use
 * is reported before any loading:
 *
 * - `GET /healthz` 200 `{status: "ok"}`: the process is alive (liveness; start-up is not a failure);
 * - `GET /readyz` 503 `{status: "unavailable", reason}` with `Retry-After`: send it no traffic yet;
 * - anything else 503 `unavailable` with `Retry-After` in the API's error shape (§15), or OFREP's on its
 *   paths (§23), and `X-Request-Id` as on every answer.
 *
 * Every answer says `Connection: close`, so that no client keeps a connection across the hand-over: `close`
 * frees the port, and the app listens on it a moment later (serve.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../domain/api-error.js';
import { errorAnswer } from '../plugins/error-handler.js';
import { requestIdFor } from '../plugins/request-id.js';

export interface StartingListener {
  /** The port listened on: the one asked for, or the one the system chose for port 0. */
  readonly port: number;
  /** Stops accepting, closes its connections, and resolves once the port is free. Idempotent. */
  close(): Promise<void>;
}

export interface StartingListenerOptions {
  readonly host: string;
  readonly port: number;
  /** For `docs_url` in error bodies. */
  readonly baseUrl: string;
}

export const startingReason = 'starting: the store is loading';

/** Listens on `host:port` until `close`; rejects as `server.listen` does (EADDRINUSE, …). */
export async function listenWhileStarting(options: StartingListenerOptions): Promise<StartingListener> {
  const server = createServer((request, response) => answerWhileStarting(request, response, options.baseUrl));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closing: Promise<void> | null = null;
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Every answer ends its connection (`Connection: close`): what is left is connections between
        // requests, and requests still arriving, which end once answered.
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/**
 * Answers once the request's body is read (drained unread): a connection closed with bytes of it still
 * unread would be reset under the client, which would then see no answer at all.
 */
function answerWhileStarting(request: IncomingMessage, response: ServerResponse, baseUrl: string): void {
  request.once('end', () => answer(request, response, baseUrl));
  request.once('error', () => response.destroy());
  request.resume();
}

function answer(request: IncomingMessage, response: ServerResponse, baseUrl: string): void {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  response.setHeader('connection', 'close');
  response.setHeader('x-request-id', requestIdFor(request.headers['x-request-id']));
  if (path === '/healthz') {
    send(request, response, 200, { status: 'ok' });
    return;
  }
  response.setHeader('retry-after', '1');
  if (path === '/readyz') {
    send(request, response, 503, { status: 'unavailable', reason: startingReason });
    return;
  }
  const error = new ApiError(
    'unavailable',
    'The server is starting (its store is loading); retry after Retry-After seconds.',
    { retryAfter: 1 },
  );
  const format = path.startsWith('/ofrep/') ? 'ofrep' : 'api';
  const answer = errorAnswer(error, { format }, baseUrl);
  send(request, response, answer.status, answer.body);
}

function send(request: IncomingMessage, response: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}
