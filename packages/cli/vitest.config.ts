import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-base.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // CLI-level tests spawn the bundle and real servers; give them room on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters,
    // Test files share their worker's modules (nothing here patches globals: servers are real, on ports):
    // the server and SDK load once, not once per file. 125 → 92–99 s, 128 → 97–104 s of CPU, alone.
    isolate: false,
  },
});
