/**
 * What the server says about itself: `/openapi.json` (the contract's committed document, with this
 * server's address), interactive docs at `/docs`, the error reference at `/docs/errors`, `/healthz`.
 * Both docs pages wear the console's look (its docs stylesheet, src/console/console-build.ts) and its top
 * bar; without a console build they work unstyled.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { openApiContact } from '@flagplane/contract';
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

/**
 * The error reference's policy: nothing but this server's stylesheet, its image and the page's own inline
 * style block, allowed by its hash (no script at all).
 */
function errorsPagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
  return [
    "default-src 'none'",
    `style-src 'self' ${hashes.join(' ')}`.trim(),
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

let committedDocument: Record<string, unknown> | undefined;

/** The contract's OpenAPI document, read once per process. */
export function openApiDocument(baseUrl: string): Record<string, unknown> {
  committedDocument ??= JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve('@flagplane/contract/openapi.json')), 'utf8'),
  ) as Record<string, unknown>;
  const info = committedDocument.info as Record<string, unknown>;
  return {
    ...committedDocument,
    info: { ...info, contact: openApiContact(baseUrl) },
    servers: [{ url: baseUrl, description: 'This server' }],
  };
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
    const errorsPolicy = errorsPagePolicy(errorsPage);
    app.get('/docs/errors', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('content-security-policy', errorsPolicy)
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(errorsPage),
    );
    app.get('/openapi.json', { schema: { hide: true } }, () => document);
    app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  },
  { name: 'flagplane-docs' },
);
