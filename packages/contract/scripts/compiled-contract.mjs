/**
 * The scripts run before this package's own build (turbo: `generate` precedes `build`), so they compile
 * it first. `tsc -b` is incremental: a no-op when dist/ is current. Its build info lives in dist/, so a
 * deleted dist/ is always rebuilt.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

/** Compiles the package and imports one of its compiled modules (`'openapi.js'`, `'index.js'`). */
export async function importCompiled(moduleName) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], {
    cwd: packageDirectory,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The TypeScript build of @flagplane/contract failed.');
    process.exit(build.status ?? 1);
  }
  return import(pathToFileURL(join(packageDirectory, 'dist', moduleName)).href);
}
