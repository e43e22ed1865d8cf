/**
 * Bundles the `flagplane` binary (ESM, Node 22), and only the binary: the engine it runs is
 * `@flagplane/engine`, a library of its own that the mock imports too. Code splitting: dist/flagplane.js
 * is the entry, and every dynamic import becomes a chunk under dist/chunks/. `--version` and `--help` load
 * commander and the program's definition (~45 KB); the engine, the SDK, zod, the contract and yaml load
 * only when a command runs. One file holding everything measured 3.4× `node -e ""` for `--version`
 * (budget 3×), nearly all of it V8 parsing ~900 KB that `--version` never runs (zod alone is 450 KB);
 * split, 1.5–2×.
 */

import { chmod, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const packageJson = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const outdir = new URL('../dist/', import.meta.url).pathname;
const outfile = `${outdir}flagplane.js`;

await rm(outdir, { recursive: true, force: true });

await build({
  entryPoints: [new URL('../src/flagplane.ts', import.meta.url).pathname],
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: process.env.FLAGPLANE_BUNDLE_MINIFY !== '0',
  sourcemap: false,
  legalComments: 'none',
  define: { FLAGPLANE_CLI_VERSION: JSON.stringify(packageJson.version) },
  // Bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __flagplaneCreateRequire } from 'node:module';\nconst require = __flagplaneCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
