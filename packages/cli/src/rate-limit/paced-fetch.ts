/**
 * The `fetch` the CLI hands to the SDK: every request (pages and the SDK's own retries included) waits
 * for the pacer, and a 429 that pacing could not prevent (another client on the same token) is waited out
 * and sent again here, where the wait can be shown, rather than failing the resource.
 */
import type { RateLimitPacer } from './rate-limit-pacer.js';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface RequestStatistics {
  requests: number;
  /** Requests other than GET: what a second apply of the same file must not send. */
  writes: number;
  rateLimited: number;
}

export function newRequestStatistics(): RequestStatistics {
  return { requests: 0, writes: 0, rateLimited: 0 };
}

/** A 429 is refused before any work is done, so sending the request again is always safe. */
const maxRateLimitedAttempts = 30;

export function pacedFetch(pacer: RateLimitPacer, statistics: RequestStatistics, baseFetch?: Fetch): Fetch {
  const send: Fetch = baseFetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    for (let attempt = 1; ; attempt++) {
      await pacer.acquire();
      let response: Response;
      try {
        // A Request's body can be read once: send a copy so the original stays available for a retry.
        response = await send(input instanceof Request ? input.clone() : input, init);
      } catch (error) {
        pacer.release();
        throw error;
      }
      pacer.observe(response.headers, response.status);
      statistics.requests++;
      if (method !== 'GET' && method !== 'HEAD') statistics.writes++;
      if (response.status !== 429) return response;
      statistics.rateLimited++;
      if (attempt >= maxRateLimitedAttempts) return response;
      await response.body?.cancel();
    }
  };
}
