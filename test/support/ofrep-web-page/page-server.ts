/**
 * Serves the OFREP web page (page.mjs, bundled by esbuild with the standard web provider) from its own
 * loopback port: another origin than the flag server's, as a web app's page is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface PageServer {
  readonly origin: string;
  close(): Promise<void>;
}

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A shop reading flags</title></head>
<body><p>Banner: <span id="banner">…</span></p><p>Kill switch: <span id="kill-switch">…</span></p>
<script type="module" src="/page.js"></script></body></html>`;

let bundled: Promise<string> | undefined;

function bundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./page.mjs', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundled;
}

export async function startPageServer(): Promise<PageServer> {
  const script = await bundle();
  const server: Server = createServer((request, response) => {
    if (request.url === '/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (request.url?.startsWith('/?') || request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
