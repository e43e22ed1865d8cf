/** The CLI-level tests run the bundle: build it first, so `vitest` alone never tests a stale one. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/bundle.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
