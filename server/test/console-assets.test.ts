/**
 * The web console as the server serves it (src/plugins/console.ts), from a fake build in a temporary
 * directory (`consoleDirectory`): the page on every console URL with a strict CSP and `no-cache`, the
 * assets cached for a year, a missing asset as the API's 404, `/` redirecting, and, without a build, a 503
 * that says how to build it while everything else works. The docs wear the console's stylesheet.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody } from '@flagplane/contract';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { startTestServer, type TestServer } from './fixtures.js';

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const yearImmutable = 'public, max-age=31536000, immutable';

const indexHtml = `<!doctype html>
<html lang="en"><head><title>Flagplane console</title>
<link rel="stylesheet" href="/console/assets/console-style-AAAA1111.css">
<script type="module" src="/console/assets/console-CCCC3333.js"></script></head>
<body><div id="app">fake console page</div></body></html>
`;
const script = 'console.log("the console");\n';
const docsCss =
  '.fp-topbar{display:flex}.swagger-ui .topbar{display:none}\n/*# sourceMappingURL=docs-BBBB2222.css.map */\n';

let root: string;
let built: string;
let notBuilt: string;
let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'flagplane-console-'));
  built = join(root, 'dist');
  notBuilt = join(root, 'nothing-here');
  await mkdir(join(built, 'assets'), { recursive: true });
  await mkdir(notBuilt);
  await writeFile(
    join(built, 'console-manifest.json'),
    JSON.stringify({
      assetsUrl: '/console/assets/',
      indexHtml: 'index.html',
      stylesheet: 'console-style-AAAA1111.css',
      docsStylesheet: 'docs-BBBB2222.css',
      firstPageScripts: ['console-CCCC3333.js'],
      firstPageGzipBytes: 40,
      allScriptsGzipBytes: 40,
    }),
  );
  await writeFile(join(built, 'index.html'), indexHtml);
  await writeFile(join(built, 'assets', 'console-CCCC3333.js'), script);
  await writeFile(join(built, 'assets', 'console-style-AAAA1111.css'), 'main{margin:0}\n');
  await writeFile(join(built, 'assets', 'docs-BBBB2222.css'), docsCss);
  server = await startTestServer({ consoleDirectory: built });
  bare = await startTestServer({ consoleDirectory: notBuilt });
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (on: TestServer, url: string, method: 'GET' | 'HEAD' = 'GET') => on.app.inject({ method, url });

function expectConsolePageHeaders(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['content-security-policy']).toBe(csp);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  // Outside /api/v1: neither authentication nor the rate limit applies.
  expect(response.headers['x-ratelimit-limit']).toBeUndefined();
}

function expectNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(ErrorBody.parse(response.json()).error).toBe('not_found');
  expect(response.body).not.toContain('fake console page');
}

describe('the console, built', () => {
  it.each([
    '/console',
    '/console/',
    '/console/orgs/acme/projects/web',
    '/console/orgs/x/projects/y/flags/new-checkout?environment=production',
  ])('answers %s with the page, no-cache and a strict CSP, without a token', async (url) => {
    const response = await get(server, url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
    expectConsolePageHeaders(response);
  });

  it('answers HEAD on the page with its headers and no body', async () => {
    const response = await get(server, '/console/orgs/acme', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-cache');
    expectConsolePageHeaders(response);
  });

  it('serves an asset for a year, immutable, with its content type', async () => {
    const response = await get(server, '/console/assets/console-CCCC3333.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(script);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(yearImmutable);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();

    const css = await get(server, '/console/assets/console-style-AAAA1111.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe(yearImmutable);

    const head = await get(server, '/console/assets/console-CCCC3333.js', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe(yearImmutable);
  });

  it.each([
    '/console/assets/console-00000000.js',
    '/console/assets/',
    '/console/assets',
    '/console/assets/nested/missing.css',
  ])('answers a missing asset (%s) with a 404 in the API format, not the page', async (url) => {
    expectNotFound(await get(server, url));
  });

  it('never serves a file outside the assets, whatever the path says', async () => {
    // Over a socket: inject() would resolve the dot segments before the server sees them.
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const rawGet = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    for (const path of [
      '/console/assets/../console-manifest.json',
      '/console/assets/%2e%2e/console-manifest.json',
      '/console/assets/..%2fconsole-manifest.json',
      '/console/assets/%2e%2e%2fconsole-manifest.json',
      '/console/assets/..%5cconsole-manifest.json',
      '/console/assets/.hidden',
    ]) {
      const { status, body } = await rawGet(path);
      expect([400, 404], path).toContain(status);
      expect(ErrorBody.safeParse(JSON.parse(body)).success, path).toBe(true);
    }
  });

  it('answers a range or a precondition it cannot satisfy with 416 or 412, not an error', async () => {
    const url = '/console/assets/console-CCCC3333.js';
    const range = await server.app.inject({ url, headers: { range: 'bytes=5-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(script.slice(5, 10));
    const beyond = await server.app.inject({ url, headers: { range: 'bytes=9999-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${script.length}`);
    const precondition = await server.app.inject({ url, headers: { 'if-match': '"another"' } });
    expect(precondition.statusCode).toBe(412);
    const etag = (await get(server, url)).headers.etag;
    const unchanged = await server.app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('redirects / to /console', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get(server, '/', method);
      expect(response.statusCode, method).toBe(302);
      expect(response.headers.location, method).toBe('/console');
    }
  });

  it('leaves /api/v1 as it was: authenticated and rate-limited', async () => {
    const anonymous = await server.call(null, 'GET', '/api/v1/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['x-ratelimit-limit']).toBe('600');
    const owner = await server.call('owner', 'GET', '/api/v1/me');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().email).toBe('owner@acme.test');
  });

  it('keeps the console out of the OpenAPI document', async () => {
    for (const url of ['/openapi.json', '/docs/json']) {
      const paths = Object.keys((await get(server, url)).json().paths);
      expect(paths.length, url).toBeGreaterThan(10);
      expect(
        paths.filter((path) => path === '/' || path.startsWith('/console')),
        url,
      ).toEqual([]);
    }
  });

  it('links /docs/errors to the docs stylesheet, under the console top bar', async () => {
    const response = await get(server, '/docs/errors');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<link rel="stylesheet" href="/console/assets/docs-BBBB2222.css">');
    expect(response.body).toContain(
      '<header class="fp-topbar"><a class="fp-brand" href="/console">Flagplane</a>',
    );
    expect(response.body).toContain('<a href="/docs/errors" aria-current="page">Errors</a>');
    expect(response.body).toMatch(/<main class="fp-docs-page">[\s\S]*id="rate_limited"[\s\S]*<\/main>/);
    // No script may run there; the page's one inline style block is allowed by its hash, nothing else.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    const inlineStyle = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
    expect(policy).toContain(`'sha256-${createHash('sha256').update(inlineStyle).digest('base64')}'`);
    const stylesheet = await get(server, '/console/assets/docs-BBBB2222.css');
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['cache-control']).toBe(yearImmutable);
  });

  it('serves /docs under its own title with the docs stylesheet and the top bar', async () => {
    const page = await get(server, '/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Flagplane API reference</title>');
    expect(page.body).toContain('./static/theme/docs-BBBB2222.css');
    expect(page.body).toContain('./static/theme/flagplane-top-bar.js');
    expect(page.body).toContain('./static/theme/flagplane.svg');

    const css = await get(server, '/docs/static/theme/docs-BBBB2222.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    // The same rules; its source map is where the build put it.
    expect(css.body).toBe(
      '.fp-topbar{display:flex}.swagger-ui .topbar{display:none}\n/*# sourceMappingURL=/console/assets/docs-BBBB2222.css.map */\n',
    );
    const topBar = await get(server, '/docs/static/theme/flagplane-top-bar.js');
    expect(topBar.body).toContain('fp-topbar');
    expect(topBar.body).toContain('API reference');
    const icon = await get(server, '/docs/static/theme/flagplane.svg');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    // swagger-ui's own top bar (its logo, an "Explore" box) is not used.
    const initializer = await get(server, '/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('"layout":"BaseLayout"');
  });
});

describe('the console, not built', () => {
  it.each(['/console', '/console/orgs/acme'])(
    'answers %s with 503 and how to build it, under the same CSP',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await get(bare, url, method);
        expect(response.statusCode, method).toBe(503);
        expectConsolePageHeaders(response);
        expect(response.headers['cache-control']).toBe('no-store');
        if (method === 'GET') {
          expect(response.body).toContain('The Flagplane console is not built');
          expect(response.body).toContain('<code>npm run build</code>');
          // No inline script or style the CSP would block, and no file path of the server.
          expect(response.body).not.toMatch(/<script|<style|style=/);
          expect(response.body).not.toContain(notBuilt);
        }
      }
    },
  );

  it('answers assets with a 404 in the API format', async () => {
    expectNotFound(await get(bare, '/console/assets/console-CCCC3333.js'));
  });

  it('still redirects / and serves the API and the docs, unstyled', async () => {
    expect((await get(bare, '/')).headers.location).toBe('/console');
    expect((await bare.call('owner', 'GET', '/api/v1/me')).statusCode).toBe(200);
    const errors = await get(bare, '/docs/errors');
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain('<header class="fp-topbar">');
    expect(errors.body).toContain('id="not_found"');
    expect(errors.body).not.toContain('rel="stylesheet"');
    const docs = await get(bare, '/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('<title>Flagplane API reference</title>');
    expect(docs.body).not.toContain('./static/theme/docs-');
    expect(docs.body).toContain('./static/theme/flagplane-top-bar.js');
  });

  it('logs one warning at start, naming where it looked', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await buildServer({ logger, consoleDirectory: notBuilt });
    await app.close();
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toContain('the console is not built');
    expect(warnings[0].msg).toContain(join(notBuilt, 'console-manifest.json'));
    expect(warnings[0].msg).toContain('npm run build');
  });

  it('finds nothing in a manifest that is not a console build, and says why', async () => {
    const broken = join(root, 'broken');
    await mkdir(broken);
    await writeFile(join(broken, 'console-manifest.json'), JSON.stringify({ assetsUrl: '/elsewhere/' }));
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = await buildServer({ logger, consoleDirectory: broken });
    expect((await app.inject({ method: 'GET', url: '/console' })).statusCode).toBe(503);
    await app.close();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}').msg).toContain('not a usable console build');
  });
});

describe('the console, rebuilt while the server runs', () => {
  it('serves the new page at the next load (the old one names scripts the rebuild deleted)', async () => {
    const rebuilt = join(root, 'rebuilt');
    await mkdir(join(rebuilt, 'assets'), { recursive: true });
    await writeFile(
      join(rebuilt, 'console-manifest.json'),
      JSON.stringify({
        assetsUrl: '/console/assets/',
        indexHtml: 'index.html',
        docsStylesheet: 'docs-1.css',
      }),
    );
    await writeFile(join(rebuilt, 'assets', 'docs-1.css'), docsCss);
    await writeFile(join(rebuilt, 'index.html'), '<!doctype html><title>first build</title>');
    const running = await startTestServer({ consoleDirectory: rebuilt });
    try {
      expect((await get(running, '/console')).body).toContain('first build');
      await writeFile(join(rebuilt, 'index.html'), '<!doctype html><title>the second build</title>');
      expect((await get(running, '/console')).body).toContain('the second build');
    } finally {
      await running.close();
    }
  });
});
