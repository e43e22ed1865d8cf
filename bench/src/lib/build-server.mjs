/** Builds the server (and the contract it references) to dist/, as the benchmarks import the built code. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

export function buildServer() {
  const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-b', join('server', 'tsconfig.build.json')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`building the server failed (tsc exited ${result.status ?? result.signal})`);
}
