/**
 * Builds what the benchmarks import, to dist/: the server, the SDK, the mock and the CDKTF constructs with
 * `tsc -b` (incremental, their project references included: nothing to do when they are up to date), and
 * the CLI bundle with the CLI's own build script, but only when a source it bundles is newer than the
 * bundle (it takes seconds).
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

function bundleAge() {
  try {
    return statSync(join(cliDir, 'dist', 'flagplane.js')).mtimeMs;
  } catch {
    return 0;
  }
}

export function buildPackages() {
  run(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-b', ...projects], repoRoot, 'building with tsc -b');
  const inputs = Math.max(...cliInputs.map((dir) => newest(join(repoRoot, dir))));
  if (inputs > bundleAge()) run(process.execPath, ['scripts/bundle.mjs'], cliDir, 'bundling the CLI');
}
