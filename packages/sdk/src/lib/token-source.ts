/**
 * The bearer token, fixed or fetched per request, so a caller can rotate short-lived tokens without
 * building a new client.
 */
import { FlagplaneError } from './errors.js';

export type TokenSource = string | (() => string | Promise<string>);

/** Visible ASCII only: anything else is refused by `Headers`, whose error would quote the token. */
const headerSafeToken = /^[\x21-\x7e]+$/;

/**
 * The token for one request. A fixed token comes back as is, not in a promise: it is the common case,
 * and awaiting it would cost every request a promise and a turn of the microtask queue.
 */
export function resolveToken(source: TokenSource): string | Promise<string> {
  return typeof source === 'function' ? callTokenFunction(source) : checkedToken(source);
}

async function callTokenFunction(source: () => string | Promise<string>): Promise<string> {
  return checkedToken(await source());
}

function checkedToken(token: unknown): string {
  if (typeof token !== 'string' || token.length === 0) {
    throw new FlagplaneError('The token function returned no token: expected a non-empty string.');
  }
  if (!headerSafeToken.test(token)) {
    // Never quote the token: say what is wrong with it instead.
    throw new FlagplaneError(
      'The token contains characters that cannot be sent in a header (whitespace or a line break?).',
    );
  }
  return token;
}
