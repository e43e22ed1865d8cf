/**
 * Seeds a mock's projects, flags, segments and SDK keys from desired-state documents with the CLI's own
 * engine (`@flagplane/cli/library`), sending its requests straight into the mock: one fixture format for
 * `flagplane apply -f` and for test suites, and no second way of creating anything.
 */
import { applyDesiredState } from '@flagplane/cli/library';
import type { FlagplaneMock } from './flagplane-mock.js';
import { type MockSeed, seederToken } from './seed.js';

export async function applySeedResources(mock: FlagplaneMock, seed: MockSeed): Promise<void> {
  for (const document of seed.resources ?? []) {
    const organization = String((document as { organization?: unknown } | null)?.organization ?? '');
    const connection = {
      baseUrl: mock.baseUrl,
      token: seederToken(seed, mock.tokens, organization),
      fetch: mock.fetch,
    };
    const result = await applyDesiredState(connection, document);
    if (result.failed.length > 0) {
      const failures = result.failed.map((failure) => `  ${failure.id}: ${failure.error}`).join('\n');
      throw new Error(`mock seed: applying the resources of "${organization}" failed:\n${failures}`);
    }
  }
}
