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

const swaggerLogoStyleHash = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

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
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // The UI inserts one <style> element (the colours of its SVG logo); the strict style-src blocks it
      // and the browser logs a CSP error. Allow exactly that element by its hash, not inline styles at
      // large. test/hardening/browser.test.ts fails with the new hash if a swagger-ui update changes it.
      transformStaticCSP: (header) =>
        header.replace("style-src 'self' https:", `style-src 'self' https: '${swaggerLogoStyleHash}'`),
    });
    const errorsPage = errorReferenceHtml();
    app.get('/docs/errors', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(errorsPage),
    );
    app.get('/openapi.json', { schema: { hide: true } }, () => document);
    app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  },
  { name: 'flagplane-docs' },
);
