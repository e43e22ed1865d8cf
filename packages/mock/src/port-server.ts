/**
 * The mock on a real port (127.0.0.1), for tools that are not in-process: another language, a CLI
 * under test. A plain `node:http` server hands each request to the mock as it came (method, path as
 * sent, headers, body), where msw and nock hand it a Fetch `Request` (answer-fetch-request.ts): a
 * `Request` cannot carry every method HTTP can (TRACE), nor a path before normalisation (`/a/../b`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  createFlagplaneMock,
  type FlagplaneMock,
  type FlagplaneMockOptions,
  type MockRequest,
} from './flagplane-mock.js';

export interface FlagplaneMockServer {
  readonly mock: FlagplaneMock;
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A `node:http` request as the mock takes it. */
async function mockRequestOf(request: IncomingMessage): Promise<MockRequest> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body = method === 'GET' || method === 'HEAD' ? undefined : (await readBody(request)).toString('utf8');
  return { method, url: request.url ?? '/', headers, body };
}

export async function startFlagplaneMockServer(
  options: Omit<FlagplaneMockOptions, 'baseUrl'> & { readonly port?: number } = {},
): Promise<FlagplaneMockServer> {
  let mock: FlagplaneMock | undefined;
  let baseUrl = '';
  /** Answers still streaming events: closing waits for them to end. */
  const openStreams = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (!mock) throw new Error('the mock is not ready yet');
      const answer = await mock.handle(await mockRequestOf(request));
      if (answer.networkError) {
        response.destroy();
        return;
      }
      response.writeHead(answer.status, answer.headers);
      if (!answer.stream) {
        response.end(answer.body);
        return;
      }
      // An event stream (§24): events go out as the server writes them; a client that leaves ends it.
      const events = Readable.fromWeb(answer.stream as NodeReadableStream);
      openStreams.add(response);
      response.once('close', () => {
        events.destroy();
        openStreams.delete(response);
      });
      events.pipe(response);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  mock = await createFlagplaneMock({ ...options, baseUrl });
  return {
    mock,
    baseUrl,
    port,
    async close() {
      // Stop taking connections, then close the mock: that ends the open event streams, whose connections
      // the server would otherwise wait for.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await mock?.close();
      await Promise.all([...openStreams].map((response) => finished(response).catch(() => undefined)));
      // The streams' connections are idle now; without this the server waits out their keep-alive.
      server.closeIdleConnections();
      await closed;
    },
  };
}
