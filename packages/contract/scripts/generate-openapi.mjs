#!/usr/bin/env node
/**
 * Writes openapi.json from the contract (`npm run generate`; turbo runs it before this package's build).
 * The document is built by src/openapi.ts. `--check` writes nothing and exits 1 when openapi.json is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importCompiled, packageDirectory } from './compiled-contract.mjs';

const outputFile = join(packageDirectory, 'openapi.json');
const check = process.argv.includes('--check');

const { buildOpenApiDocument, serializeOpenApiDocument } = await importCompiled('openapi.js');
const text = serializeOpenApiDocument(buildOpenApiDocument());

let current = null;
try {
  current = readFileSync(outputFile, 'utf8');
} catch {
  // No openapi.json yet: written below, or stale under --check.
}

if (current === text) {
  console.log('openapi.json is up to date.');
} else if (check) {
  console.error('openapi.json is stale: run `npm run generate` in packages/contract.');
  process.exit(1);
} else {
  writeFileSync(outputFile, text);
  console.log(`Wrote ${outputFile}.`);
}
