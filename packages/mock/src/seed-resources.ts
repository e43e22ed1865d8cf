/**
 * Seeds a mock's projects, flags, segments and SDK keys from desired-state documents with the CLI's own
 * engine (`@flagplane/cli/library`), sending its requests straight into the mock: one fixture format for
 * `flagplane apply -f` and for test suites, and no second way of creating anything.
 */
import { applyDesiredState } from '@flagplane/cli/library';
import type { FlagplaneMock } from './flagplane-mock.js';
import { type MockSeed, seederToken } from './seed.js';

/** A `fetch` that answers from the mock without any interception library. */
function fetchFromMock(mock: FlagplaneMock): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const response = await mock.handle({
      method: request.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      body,
    });
    if (response.networkError) throw new TypeError('fetch failed');
    return new Response(response.status === 204 || response.body === '' ? null : response.body, {
      status: response.status,
      headers: response.headers,
    });
  };
}

export async function applySeedResources(mock: FlagplaneMock, seed: MockSeed): Promise<void> {
  for (const document of seed.resources ?? []) {
    const organization = String((document as { organization?: unknown } | null)?.organization ?? '');
    const connection = {
      baseUrl: mock.baseUrl,
      token: seederToken(seed, mock.tokens, organization),
      fetch: fetchFromMock(mock),
    };
    const result = await applyDesiredState(connection, document);
    if (result.failed.length > 0) {
      const failures = result.failed.map((failure) => `  ${failure.id}: ${failure.error}`).join('\n');
      throw new Error(`mock seed: applying the resources of "${organization}" failed:\n${failures}`);
    }
  }
}
