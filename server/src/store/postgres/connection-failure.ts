/**
 * Which PostgreSQL failures mean "the database cannot be reached right now" (answered 503, §22) rather
 * than a bug (a 500): the socket's errors, pg's own connection errors, and the server saying it
 * is starting, stopping, out of connections or could not get a lock in time.
 */
import { StoreUnavailableError } from '../store-unavailable.js';

const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes and codes: 08 connection exception, 53 insufficient resources, 57P operator
 * intervention, 57014 a cancelled statement, 25006 a read-only database (a standby after a failover),
 * 40 a deadlock or serialization failure (the same request may succeed at once).
 */
const unavailableStates = /^(08|53|57P|57014|25006|40)/;
/** 55P03 lock_not_available: the write lock was not free within lock_timeout. */
const lockTimeout = '55P03';

/** pg's own words for a connection that went away or could not be had (these errors carry no code). */
const connectionMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Query read timeout)/;

export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return connectionMessages.test(error.message);
  return socketCodes.has(code) || unavailableStates.test(code) || code === lockTimeout;
}

/** `error` as the API will answer it: a StoreUnavailableError when the database is out of reach. */
export function asStoreError(error: unknown, doing: string): unknown {
  if (error instanceof StoreUnavailableError || !isConnectionFailure(error)) return error;
  return new StoreUnavailableError(`The database cannot be reached (${doing}); retry in a moment.`, {
    cause: error,
    retryAfter: 1,
  });
}

/**
 * `work`, or a StoreUnavailableError once `ms` have passed without an answer: a request never waits on a
 * database that does not answer (a network that drops packets answers nothing for minutes). What a late
 * answer may still do is the caller's business (`onLate`).
 */
export function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  doing: string,
  onLate?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onLate?.();
      reject(
        new StoreUnavailableError(
          `The database did not answer within ${ms / 1000} s (${doing}); retry in a moment.`,
          {
            retryAfter: 1,
          },
        ),
      );
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
