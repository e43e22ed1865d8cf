/**
 * The tab's SDK client, one per token: the first script's early requests (first-page-requests.ts) and the
 * signed-in console use the same one.
 */
import { createClient, type FlagplaneClient } from '@flagplane/sdk';

let current: { readonly token: string; readonly client: FlagplaneClient } | undefined;

export function consoleClient(token: string): FlagplaneClient {
  if (current?.token !== token) {
    current = {
      token,
      client: createClient({
        baseUrl: location.origin,
        token,
        // A person is waiting: a long Retry-After is shown (with when to retry), not waited for.
        maxRetryAfterMs: 3000,
        timeout: 30_000,
        // The server is the one this page came from, of the same version: checking its answers would
        // load every schema of the contract before the first page could show (the SDK loads them when a
        // body is checked, at the first change).
        validateResponses: false,
      }),
    };
  }
  return current.client;
}
