/** Where things are: the bench package, the repository, the server scripts, and a scratch directory. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = resolve(benchRoot, '..');
export const serversDir = join(benchRoot, 'src', 'servers');
export const serverScript = (name) => join(serversDir, `${name}.mjs`);
export const resultsPath = join(benchRoot, 'RESULTS.md');

/** A fresh scratch directory for one run (data files, captured payloads); `dispose` removes it. */
export async function makeWorkDir() {
  const path = await mkdtemp(join(tmpdir(), 'flagplane-bench-'));
  return {
    path,
    file: (name) => join(path, name),
    dispose: () => rm(path, { recursive: true, force: true }),
  };
}
