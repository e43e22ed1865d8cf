import { defineConfig } from 'vitest/config';
import { reporters } from '../scripts/vitest-base.mjs';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // The README snippets test writes its test-file snippets there and runs them itself.
    exclude: ['**/node_modules/**', '.readme-snippets/**'],
    reporters,
    // The deployment tests spawn the CLI once per provisioner, against a real server.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
