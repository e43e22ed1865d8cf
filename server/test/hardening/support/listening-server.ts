/** The real app listening on 127.0.0.1 with a free port, for tests that need real sockets. */
import type { FastifyInstance } from 'fastify';
import { type BuildServerOptions, buildServer } from '../../../src/app.js';
import { identities } from '../../fixtures.js';

export interface ListeningServer {
  readonly app: FastifyInstance;
  readonly port: number;
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function listen(options: BuildServerOptions = {}): Promise<ListeningServer> {
  const app = await buildServer({ identities, ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
