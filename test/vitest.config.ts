import { defineConfig } from 'vitest/config';
import { reporters } from '../scripts/vitest-base.mjs';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    reporters,
    // The deployment tests spawn the CLI once per provisioner, against a real server.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
