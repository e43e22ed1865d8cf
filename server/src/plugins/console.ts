/**
 * The web console (packages/console) at `/console`, from its build (src/console/console-build.ts):
 *
 *   GET /console, /console/*    the console's one page (it routes in the browser), with a strict
 *                               Content-Security-Policy and `no-cache`: a browser asks again at every load,
 *                               so it never runs the scripts of a build the server no longer has
 *   GET /console/assets/*       the build's content-hashed files, cached for a year (`immutable`); a file
 *                               that is not there is a 404 in the API's error format, never the page
 *   GET /                       a redirect to /console
 *
 * Without a build, `/console` answers 503 with a page saying how to build it, and the start logs one
 * warning; everything else works as before. None of this is under `/api/v1`, so neither authentication
 * nor the rate limit applies (plugins/authentication.ts): the console's scripts call the API with the
 * user's token themselves. None of it is in the OpenAPI document either.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ConsoleBuild, consoleAssetsUrl } from '../console/console-build.js';

export interface ConsoleOptions {
  readonly build: ConsoleBuild;
}

/** Everything from this server, nothing inline, nothing framing it. */
export const consoleContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const hidden = { schema: { hide: true } } as const;

/** The 503 page when there is no build: no script, no style, so the same policy holds. */
const notBuiltPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flagplane console: not built</title>
<link rel="icon" href="data:,">
</head>
<body>
<h1>The Flagplane console is not built</h1>
<p>This server serves the web console from the build of <code>packages/console</code>, and there is none.
Run <code>npm run build</code> at the root of the repository, then start the server again. Installed from a
registry, <code>@flagplane/server</code> brings <code>@flagplane/console</code> with it: reinstall it.</p>
<p>The API works without it: see the <a href="/docs">API reference</a> and the <a href="/docs/errors">error reference</a>.</p>
</body>
</html>
`;

function sendHtml(reply: FastifyReply, status: number, html: string, cacheControl: string) {
  return reply
    .code(status)
    .header('content-security-policy', consoleContentSecurityPolicy)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', cacheControl)
    .type('text/html; charset=utf-8')
    .send(html);
}

/** `/console/assets` and below: files, never the page (with a build, @fastify/static answers them). */
const isAssetPath = (request: FastifyRequest) => {
  const path = request.url.split('?')[0] ?? request.url;
  return path === consoleAssetsUrl.slice(0, -1) || path.startsWith(consoleAssetsUrl);
};

export async function consolePlugin(app: FastifyInstance, options: ConsoleOptions): Promise<void> {
  const { build } = options;
  // @fastify/send refuses a precondition (If-Match, If-Unmodified-Since) or a range it cannot satisfy
  // with 412 or 416: HTTP's own answers about a file, given as they are (no body), not as a 500.
  const answerError = app.errorHandler;
  app.setErrorHandler((error, request, reply) => {
    const { status, headers } = error as { status?: unknown; headers?: Record<string, string> };
    if (status === 412 || status === 416)
      return reply
        .code(status)
        .headers(headers ?? {})
        .send();
    return answerError(error, request, reply);
  });
  if (build.built) {
    await app.register(fastifyStatic, {
      root: build.assetsDirectory,
      prefix: consoleAssetsUrl,
      decorateReply: false,
      // Every name carries its content's hash: a changed file is a new URL.
      immutable: true,
      maxAge: 365 * 24 * 60 * 60 * 1000, // in ms: max-age=31536000
      index: false,
      list: false,
      dotfiles: 'ignore',
      // Files only: a directory (send answers it with an error of its own) is a 404 like any missing file.
      allowedPath: (path) => !path.endsWith('/'),
      setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
    });
  } else {
    app.log.warn(
      `the console is not built (${build.reason}): /console answers 503; run \`npm run build\` to build it`,
    );
  }

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    if (isAssetPath(request)) return reply.callNotFound();
    return build.built
      ? sendHtml(reply, 200, build.indexHtml(), 'no-cache')
      : sendHtml(reply, 503, notBuiltPage, 'no-store');
  };
  app.get('/console', hidden, page);
  app.get('/console/*', hidden, page);
  app.get('/', hidden, (_request, reply) => reply.redirect('/console', 302));
}
