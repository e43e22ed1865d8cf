/**
 * What the server says about itself: `/openapi.json` (the contract's committed document, with this
 * server's address), interactive docs at `/docs`, the error reference at `/docs/errors`, `/healthz`.
 * Both docs pages wear the console's look (its docs stylesheet, src/console/console-build.ts) and its top
 * bar; without a console build they work unstyled.
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ConsoleBuild } from '../console/console-build.js';
import { flagplaneIconSvg, topBarFallbackCss, topBarHtml } from '../console/top-bar.js';
import { errorReferenceHtml } from '../docs/error-reference.js';

export interface DocsOptions {
  readonly baseUrl: string;
  /** The console's build, for its docs stylesheet. */
  readonly consoleBuild: ConsoleBuild;
}

/**
 * Run by `/docs` after swagger-ui's own scripts, before it renders (on load): the console's top bar
 * first, and the UI inside a `<main>` landmark.
 */
const topBarScript = `(function () {
  var ui = document.getElementById('swagger-ui');
  var main = document.createElement('main');
  ui.parentNode.insertBefore(main, ui);
  main.appendChild(ui);
  document.body.insertAdjacentHTML('afterbegin', ${JSON.stringify(topBarHtml('/docs'))});
})();
`;

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
    const stylesheet = options.consoleBuild.built ? options.consoleBuild.docsStylesheet : undefined;
    await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // No inline script or style: test/hardening/browser.test.ts fails on any CSP error the browser logs.
      staticCSP: true,
      // BaseLayout: the reference without swagger-ui's top bar (its logo, whose inline <style> the CSP
      // would block, and an "Explore" box); the console's bar takes its place (topBarScript).
      uiConfig: { layout: 'BaseLayout' },
      theme: {
        title: 'Flagplane API reference',
        // Served from /docs/static/theme/ (the stylesheet's references point at /console/assets/), in
        // this order: the console's stylesheet wins over the bar's own look.
        css: [
          { filename: 'flagplane-top-bar.css', content: topBarFallbackCss },
          ...(stylesheet ? [{ filename: posix.basename(stylesheet.file), content: stylesheet.content }] : []),
        ],
        js: [{ filename: 'flagplane-top-bar.js', content: topBarScript }],
        favicon: [
          {
            filename: 'flagplane.svg',
            rel: 'icon',
            type: 'image/svg+xml',
            sizes: 'any',
            content: flagplaneIconSvg,
          },
        ],
      },
    });
    const errorsPage = errorReferenceHtml({ stylesheetUrl: stylesheet?.url });
    app.get('/docs/errors', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(errorsPage),
    );
    app.get('/openapi.json', { schema: { hide: true } }, () => document);
    app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  },
  { name: 'flagplane-docs' },
);
