/** The `X-RateLimit-*` headers every answer carries (§13), as numbers. */
export interface RateLimit {
  /** Requests allowed per window for this caller. */
  readonly limit: number | null;
  /** Requests left in the current window. */
  readonly remaining: number | null;
  /** When the window ends, in Unix seconds. */
  readonly reset: number | null;
}

export function readRateLimit(headers: Headers): RateLimit {
  return {
    limit: integerHeader(headers, 'x-ratelimit-limit'),
    remaining: integerHeader(headers, 'x-ratelimit-remaining'),
    reset: integerHeader(headers, 'x-ratelimit-reset'),
  };
}

function integerHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name)?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** `Retry-After` in whole seconds; an HTTP-date is turned into seconds from now. */
export function retryAfterSeconds(headers: Headers, now: number = Date.now()): number | null {
  const raw = headers.get('retry-after')?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
