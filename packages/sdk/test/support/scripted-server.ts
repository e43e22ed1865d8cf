/**
 * A real HTTP server that answers from a script: each request takes the next planned answer, after its
 * delay. For timeouts and aborts, where a real socket matters (nock's delayed replies do not survive an
 * aborted fetch in Node 22: undici asserts on the late completion).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface PlannedAnswer {
  readonly delayMs?: number;
  readonly status: number;
  /** JSON to answer. */
  readonly body?: unknown;
  /** JSON to answer, made from the request (wins over `body`). */
  readonly bodyOf?: (request: IncomingMessage) => unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ScriptedServer {
  readonly baseUrl: string;
  /** Requests received so far, as `METHOD /path`. */
  readonly requests: string[];
  plan(...answers: PlannedAnswer[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const planned: PlannedAnswer[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const answer = planned.shift() ?? {
      status: 500,
      body: { error: 'internal_error', message: 'Nothing planned.' },
    };
    request.resume();
    const timer = setTimeout(() => {
      const json = answer.bodyOf ? answer.bodyOf(request) : answer.body;
      const body = json === undefined ? '' : JSON.stringify(json);
      response.writeHead(answer.status, {
        ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...answer.headers,
      });
      response.end(body);
    }, answer.delayMs ?? 0);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    plan: (...answers) => {
      planned.length = 0;
      requests.length = 0;
      planned.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
