#!/usr/bin/env node
/**
 * Writes openapi.json from the contract: `npm run generate` (turbo runs it before this package's build).
 *
 * The document is built by `src/openapi.ts`, so this script compiles the package first (`tsc -b` is
 * incremental: a no-op when dist/ is current) and then imports the compiled module. `--check` writes
 * nothing and exits 1 when openapi.json is stale.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputFile = join(packageDirectory, 'openapi.json');
const check = process.argv.includes('--check');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const build = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], {
  cwd: packageDirectory,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('generate-openapi: the TypeScript build failed; openapi.json was not written.');
  process.exit(build.status ?? 1);
}

const { serializeOpenApiDocument, buildOpenApiDocument } = await import(
  pathToFileURL(join(packageDirectory, 'dist', 'openapi.js')).href
);
const text = serializeOpenApiDocument(buildOpenApiDocument());

let current = null;
try {
  current = readFileSync(outputFile, 'utf8');
} catch {
  // No openapi.json yet: written below, or stale under --check.
}

if (check) {
  if (current !== text) {
    console.error('openapi.json is stale: run `npm run generate` in packages/contract.');
    process.exit(1);
  }
  console.log('openapi.json is up to date.');
} else if (current === text) {
  console.log('openapi.json is up to date.');
} else {
  writeFileSync(outputFile, text);
  console.log(`Wrote ${outputFile}.`);
}
