/**
 * The API requests a server on a real port answered, for tests that assert what a tool sent: a second
 * apply or plan must send no write, a rate limit must have been met. Counted on the Node server itself,
 * so it works on a Fastify app that is already listening (its hooks are closed by then).
 */
import type { Server } from 'node:http';

export interface ApiRequestCounts {
  readonly total: number;
  /** Every method but GET. */
  readonly writes: number;
  /** Answered 429 (counted when the answer is finished). */
  readonly rateLimited: number;
  readonly byMethod: Readonly<Record<string, number>>;
}

export interface ApiRequestCounter {
  /** The requests under `/api/v1` since the server started or the last `reset`. */
  readonly counts: () => ApiRequestCounts;
  readonly reset: () => void;
}

export function countApiRequests(server: Server): ApiRequestCounter {
  let byMethod: Record<string, number> = {};
  let rateLimited = 0;
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/api/v1')) return;
    const method = request.method ?? 'GET';
    byMethod[method] = (byMethod[method] ?? 0) + 1;
    response.on('finish', () => {
      if (response.statusCode === 429) rateLimited += 1;
    });
  });
  return {
    counts: () => {
      const total = Object.values(byMethod).reduce((sum, count) => sum + count, 0);
      return { total, writes: total - (byMethod.GET ?? 0), rateLimited, byMethod: { ...byMethod } };
    },
    reset: () => {
      byMethod = {};
      rateLimited = 0;
    },
  };
}
