/**
 * What the server says about itself: `/openapi.json` (the contract's committed document, with this
 * server's address), interactive docs at `/docs`, the error reference at `/docs/errors`, `/healthz`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { errorReferenceHtml } from '../docs/error-reference.js';

export interface DocsOptions {
  readonly baseUrl: string;
}

let committedDocument: Record<string, unknown> | undefined;

/** The contract's OpenAPI document, read once per process. */
export function openApiDocument(baseUrl: string): Record<string, unknown> {
  committedDocument ??= JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve('@flagplane/contract/openapi.json')), 'utf8'),
  ) as Record<string, unknown>;
  return { ...committedDocument, servers: [{ url: baseUrl, description: 'This server' }] };
}

export const docsPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: DocsOptions) => {
    const document = openApiDocument(options.baseUrl);
    await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
    const errorsPage = errorReferenceHtml();
    app.get('/docs/errors', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(errorsPage),
    );
    app.get('/openapi.json', { schema: { hide: true } }, () => document);
    app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  },
  { name: 'flagplane-docs' },
);
