#!/usr/bin/env node
/**
 * Writes src/generated/ from the contract's endpoint table (`npm run generate`; turbo runs it before this
 * package's build, after @flagplane/contract is built). Output is formatted with biome, so CI can
 * regenerate and fail on any difference. `--check` writes nothing and exits 1 when src/generated/ is stale.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, endpoints } from '@flagplane/contract';
import { renderSdk } from './render-sdk.ts';
import { buildSdkModel } from './sdk-model.ts';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const outputDirectory = join(packageDirectory, 'src', 'generated');
const check = process.argv.includes('--check');

const files = renderSdk(buildSdkModel({ endpoints, parameterDescriptions: pathParameterDescriptions() }));
const formatted = new Map([...files].map(([name, text]) => [name, formatWithBiome(name, text)]));

const existing = new Set(
  readdirSync(outputDirectory, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name),
);
const stale = [...formatted]
  .filter(([name, text]) => readOrNull(join(outputDirectory, name)) !== text)
  .map(([name]) => name);
const orphans = [...existing].filter((name) => !formatted.has(name));

if (stale.length === 0 && orphans.length === 0) {
  console.log('src/generated/ is up to date.');
} else if (check) {
  console.error(
    `src/generated/ is stale (${[...stale, ...orphans].join(', ')}): run \`npm run generate\` in packages/sdk.`,
  );
  process.exit(1);
} else {
  mkdirSync(outputDirectory, { recursive: true });
  for (const name of stale) writeFileSync(join(outputDirectory, name), formatted.get(name) as string);
  for (const name of orphans) rmSync(join(outputDirectory, name));
  console.log(`Wrote ${stale.length} and removed ${orphans.length} file(s) in src/generated/.`);
}

/** The description of every path parameter, from the contract's OpenAPI document (§1's wording). */
function pathParameterDescriptions(): Record<string, string> {
  const document = buildOpenApiDocument() as {
    components?: { parameters?: Record<string, { name?: string; description?: string }> };
  };
  const descriptions: Record<string, string> = {};
  for (const parameter of Object.values(document.components?.parameters ?? {})) {
    if (parameter.name && parameter.description) descriptions[parameter.name] = parameter.description;
  }
  return descriptions;
}

function formatWithBiome(name: string, text: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  // A path outside src/generated/ (which the repository's biome.json ignores) so the settings apply.
  const result = spawnSync(process.execPath, [biome, 'format', `--stdin-file-path=generated/${name}`], {
    cwd: packageDirectory,
    input: text,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.error(`biome could not format ${name}:\n${result.stderr}\n${text}`);
    process.exit(1);
  }
  return result.stdout;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
