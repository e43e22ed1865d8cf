import { defineConfig } from 'vitest/config';
import { reporters, timeouts } from '../../scripts/vitest-base.mjs';

export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], reporters, ...timeouts },
});
