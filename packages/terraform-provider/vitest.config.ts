import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-base.mjs';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Terraform itself runs here, starting the provider for every command.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters,
  },
});
