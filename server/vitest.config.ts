import { postgresAvailable } from '@flagplane/test-support/postgres';
import { defineConfig } from 'vitest/config';
import { reporters, timeouts } from '../scripts/vitest-base.mjs';

/**
 * Two projects: every test on the memory and file stores, and the black-box tests (every test/*.test.ts
 * that runs a test server) again on PostgreSQL (§22): one suite, both stores. Without PostgreSQL the
 * second project is left out with a message, except in CI, which must run it.
 */
const onPostgres = postgresAvailable();

/** Tests that start processes, clusters or stores of their own rather than a test server. */
const notOnTestServers = [
  'test/command-line.test.ts',
  'test/durability.test.ts',
  'test/start-refusals.test.ts',
  'test/store-interface.test.ts',
  'test/postgres-*.test.ts',
  'test/operations-*.test.ts',
];

export default defineConfig({
  test: {
    reporters,
    ...timeouts,
    // Test files share their worker's modules (one worker on two cores): the server's modules load once,
    // not once per file. Measured on the whole suite: 298 → 183 s of CPU, 326 → 245 s. Every test makes
    // its own servers and stores; module state a test depends on is made per test (uuid-v7.test.ts).
    isolate: false,
    projects: [
      { extends: true, test: { name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      ...(onPostgres
        ? [
            {
              extends: true,
              test: {
                name: 'server on postgres',
                include: ['test/*.test.ts'],
                exclude: notOnTestServers,
                env: { FLAGPLANE_TEST_STORE: 'postgres' },
                globalSetup: ['test/support/postgres-global-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
