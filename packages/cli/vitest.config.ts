import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-base.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // CLI-level tests spawn the bundle and real servers; give them room on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters,
  },
});
