/**
 * `npm run test:long`: the hardening tests at full size, plus the crash loop. Each knob takes its value
 * from the environment when set (`FUZZ_RUNS=50000 npm run test:long`), else the default here. Files run
 * one at a time so the load test measures the server, not the fuzzer running beside it.
 */
import { defineConfig } from 'vitest/config';

const knob = (name: string, fallback: string) => process.env[name] ?? fallback;

export default defineConfig({
  test: {
    include: ['test/hardening/**/*.test.ts', 'test/durability.test.ts'],
    reporters: ['default'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    env: {
      FLAGPLANE_LONG_TESTS: '1',
      FUZZ_RUNS: knob('FUZZ_RUNS', '10000'),
      DURABILITY_ROUNDS: knob('DURABILITY_ROUNDS', '20'),
      LOAD_SECONDS: knob('LOAD_SECONDS', '60'),
    },
  },
});
