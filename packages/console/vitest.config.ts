import { defineConfig } from 'vitest/config';
import { reporters, timeouts } from '../../scripts/vitest-base.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters,
    ...timeouts,
    // One Chromium per file is plenty on two cores; files run one after another.
    fileParallelism: false,
  },
});
