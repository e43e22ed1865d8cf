/**
 * Seeds a mock's projects, flags, segments and SDK keys from desired-state documents with the engine
 * `flagplane apply` runs (`@flagplane/engine`), its requests sent straight into the mock: one fixture
 * format for `flagplane apply -f` and for test suites, and no second way of creating anything.
 */
import { applyDesiredState, DesiredStateError } from '@flagplane/engine';
import { createClient } from '@flagplane/sdk';
import type { IdentityDocument } from '@flagplane/server';
import type { FlagplaneMock } from './flagplane-mock.js';
import { seederToken } from './seed.js';

export async function applySeedResources(
  mock: FlagplaneMock,
  documents: readonly unknown[],
  identities: IdentityDocument,
): Promise<void> {
  for (const document of documents) {
    const organization = String((document as { organization?: unknown } | null)?.organization ?? '');
    const client = createClient({
      baseUrl: mock.baseUrl,
      token: seederToken(identities, organization),
      fetch: mock.fetch,
      validateResponses: false,
    });
    const { plan, result } = await applyDesiredState(client, { value: document });
    if (!result) throw new DesiredStateError('desired state', plan.conflicts);
    if (result.failed.length > 0) {
      const failures = result.failed.map((failure) => `  ${failure.id}: ${failure.error}`).join('\n');
      throw new Error(`mock seed: applying the resources of "${organization}" failed:\n${failures}`);
    }
  }
}
