import { defineConfig } from 'vitest/config';
import { reporters, timeouts } from '../../scripts/vitest-base.mjs';

export default defineConfig({ test: { include: ['test/**/*.test.ts'], reporters, ...timeouts } });
