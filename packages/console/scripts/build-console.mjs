/**
 * Builds the console into static assets for the reference server (`/console`):
 *
 *   dist/index.html               the one HTML page (every console URL), no inline script or style
 *   dist/assets/*.js, *.css       content-hashed, so the server caches them for a year (immutable)
 *   dist/console-manifest.json    what the server needs: the page, the docs' stylesheet, and the
 *                                 JavaScript the first page loads (for the size budget)
 *
 * esbuild bundles and splits: the sign-in page is the entry; everything that talks to the API (the SDK,
 * the contract, zod, ky) is in chunks loaded once a token is present.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { faviconPng } from './favicon-png.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, 'dist');
const assets = resolve(dist, 'assets');
/** Where the server serves `dist/assets`. */
const assetsUrl = '/console/assets/';

await rm(dist, { recursive: true, force: true });
await mkdir(assets, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    console: 'src/main.tsx',
    'console-style': 'src/styles/console.css',
    docs: 'src/styles/docs.css',
  },
  outdir: assets,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari17'],
  minify: process.env.CONSOLE_NO_MINIFY !== '1',
  sourcemap: 'linked',
  legalComments: 'linked',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
});

const outputs = result.metafile.outputs;
/** The output file of an entry point, as a path relative to dist/assets. */
function outputOf(entryPoint) {
  const [file] = Object.entries(outputs).find(([, output]) => output.entryPoint === entryPoint) ?? [];
  if (!file) throw new Error(`esbuild wrote nothing for ${entryPoint}`);
  return relative(assets, resolve(root, file));
}
/** A JavaScript file and every chunk it imports statically: what the browser fetches before it runs. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of outputs[relative(root, resolve(assets, file))]?.imports ?? []) {
    if (imported.kind === 'import-statement')
      staticClosure(relative(assets, resolve(root, imported.path)), seen);
  }
  return seen;
}

const entryScript = outputOf('src/main.tsx');
const stylesheet = outputOf('src/styles/console.css');
const docsStylesheet = outputOf('src/styles/docs.css');
// What a tab loads before its first page shows, signed in or not: the sign-in page, the signed-in console
// with the SDK and the list pages. The other pages, and the contract's schemas (which the SDK loads to
// check a body, at the first change), are chunks loaded when first needed.
const firstPageScripts = [...staticClosure(entryScript)];

// The icon, inline as a data: URL (the CSP allows data: images): no request at all, where a file would
// be one more request competing with the page's first API calls (a page without any icon link makes the
// browser ask for /favicon.ico).
const iconDataUrl = `data:image/png;base64,${faviconPng().toString('base64')}`;

const template = await readFile(resolve(root, 'src/index.html'), 'utf8');
const html = template
  .replace('<!-- icon -->', `<link rel="icon" type="image/png" href="${iconDataUrl}">`)
  .replace('<!-- stylesheet -->', `<link rel="stylesheet" href="${assetsUrl}${stylesheet}">`)
  .replace(
    '<!-- scripts -->',
    firstPageScripts
      .map((file, index) =>
        index === 0
          ? `<script type="module" src="${assetsUrl}${file}"></script>`
          : `<link rel="modulepreload" href="${assetsUrl}${file}">`,
      )
      .join('\n    '),
  );
await writeFile(resolve(dist, 'index.html'), html);

const gzippedBytes = async (file) => gzipSync(await readFile(resolve(assets, file)), { level: 9 }).length;
let firstPageGzipBytes = 0;
for (const file of firstPageScripts) firstPageGzipBytes += await gzippedBytes(file);
let allScriptsGzipBytes = 0;
for (const file of Object.keys(outputs).filter((name) => name.endsWith('.js')))
  allScriptsGzipBytes += await gzippedBytes(relative(assets, resolve(root, file)));

const manifest = {
  assetsUrl,
  indexHtml: 'index.html',
  stylesheet,
  docsStylesheet,
  firstPageScripts,
  firstPageGzipBytes,
  allScriptsGzipBytes,
};
await writeFile(resolve(dist, 'console-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `console: first page ${kilobytes(firstPageGzipBytes)} of JavaScript gzipped ` +
    `(${firstPageScripts.length} files), all scripts ${kilobytes(allScriptsGzipBytes)} gzipped`,
);
