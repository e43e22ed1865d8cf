/**
 * The mock on a real port (127.0.0.1), for tools that are not in-process: another language, a CLI
 * under test. A plain `node:http` server hands each request to the mock, like msw and nock do.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFlagplaneMock, type FlagplaneMock, type FlagplaneMockOptions } from './flagplane-mock.js';

export interface FlagplaneMockServer {
  readonly mock: FlagplaneMock;
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFlagplaneMockServer(
  options: Omit<FlagplaneMockOptions, 'baseUrl'> & { readonly port?: number } = {},
): Promise<FlagplaneMockServer> {
  let mock: FlagplaneMock | undefined;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const answer = await mock!.handle({
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers,
        body: await readBody(request),
      });
      if (answer.networkError) {
        response.destroy();
        return;
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
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
  const baseUrl = `http://127.0.0.1:${port}`;
  mock = await createFlagplaneMock({ ...options, baseUrl });
  return {
    mock,
    baseUrl,
    port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mock?.close();
    },
  };
}
