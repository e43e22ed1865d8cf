/**
 * Builds what the benchmarks import, to dist/: the server, the SDK, the mock and the CDKTF constructs with
 * `tsc -b` (incremental, their project references included: nothing to do when they are up to date), and
 * the CLI bundle and the console's assets with their own build scripts, but only when a source they
 * bundle is newer than what they wrote (it takes seconds).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const projects = [
  'server',
  'packages/sdk',
  'packages/engine',
  'packages/mock',
  'packages/cdktf',
  'packages/openfeature',
  'packages/test-support',
].map((dir) => join(dir, 'tsconfig.build.json'));
const cliDir = join(repoRoot, 'packages', 'cli');
/** What the CLI bundle is made of: its sources, and the built engine, SDK and contract it bundles. */
const cliInputs = [
  'packages/cli/src',
  'packages/engine/dist',
  'packages/sdk/dist',
  'packages/contract/dist',
  'packages/evaluation/dist',
];

function run(command, args, cwd, what) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} failed (exited ${result.status ?? result.signal})`);
}

/** The newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir) {
  let latest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const consoleDir = join(repoRoot, 'packages', 'console');
/** What the console's assets are made of: its sources, and the built SDK and contract it bundles. */
const consoleInputs = ['packages/console/src', 'packages/sdk/dist', 'packages/contract/dist'];

const providerDir = join(repoRoot, 'packages', 'terraform-provider');
/** What the Terraform provider's bundle is made of: its sources, and the built SDK and contract. */
const providerInputs = ['packages/terraform-provider/src', 'packages/sdk/dist', 'packages/contract/dist'];

export function buildPackages() {
  run(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-b', ...projects], repoRoot, 'building with tsc -b');
  const inputs = Math.max(...cliInputs.map((dir) => newest(join(repoRoot, dir))));
  if (inputs > modifiedAt(join(cliDir, 'dist', 'flagplane.js')))
    run(process.execPath, ['scripts/bundle.mjs'], cliDir, 'bundling the CLI');
  const consoleSources = Math.max(...consoleInputs.map((dir) => newest(join(repoRoot, dir))));
  if (consoleSources > modifiedAt(join(consoleDir, 'dist', 'console-manifest.json')))
    run(process.execPath, ['scripts/build-console.mjs'], consoleDir, 'building the console');
  const providerSources = Math.max(...providerInputs.map((dir) => newest(join(repoRoot, dir))));
  if (providerSources > modifiedAt(join(providerDir, 'dist', 'terraform-provider-flagplane.js')))
    run(process.execPath, ['scripts/bundle.mjs'], providerDir, 'bundling the Terraform provider');
}
