// Shared vitest settings for every workspace. In a package's vitest.config.ts:
//   import { reporters } from '../scripts/vitest-base.mjs';   // '../../scripts/…' from packages/*
//   export default defineConfig({ test: { include: [...], reporters } });
// The summary reporter writes `.test-summary.json`, which `npm test` adds up (scripts/test-summary.mjs).
import { fileURLToPath } from 'node:url';

export const summaryReporter = fileURLToPath(new URL('./vitest-summary-reporter.mjs', import.meta.url));

// Setting `reporters` replaces vitest's default list, which adds 'github-actions' on GitHub Actions.
export const reporters = [
  'default',
  ...(process.env.GITHUB_ACTIONS === 'true' ? ['github-actions'] : []),
  summaryReporter,
];

// Tests that start servers or spawn processes take seconds on a busy 2-core machine (CI runs every
// package's tests at once); vitest's 5 s default turns load into false failures.
export const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
