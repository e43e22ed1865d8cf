/** Which database failures are "out of reach for a moment" (503, §22) and which are bugs (500). */
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store-unavailable.js';
import { asStoreError, isConnectionFailure, withDeadline } from './connection-failure.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['the server shutting down (57P01)', withCode('57P01')],
    ['the server starting up (57P03)', withCode('57P03')],
    ['too many connections (53300)', withCode('53300')],
    ['a lost connection (08006)', withCode('08006')],
    ['the write lock not free in time (55P03)', withCode('55P03')],
    ['a cancelled statement (57014)', withCode('57014')],
    ['a read-only standby (25006)', withCode('25006')],
    ['a deadlock (40P01)', withCode('40P01')],
    ['pg: a connection that ended', new Error('Connection terminated unexpectedly')],
    ['pg: no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['pg: no answer in time', new Error('Query read timeout')],
  ])('is true for %s', (_what, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    expect(asStoreError(error, 'reading')).toBeInstanceOf(StoreUnavailableError);
  });

  it.each([
    ['a syntax error (42601)', withCode('42601')],
    ['a unique violation (23505)', withCode('23505')],
    ['a TypeError', new TypeError('x is undefined')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('is false for %s, which stays what it is', (_what, error) => {
    expect(isConnectionFailure(error)).toBe(false);
    expect(asStoreError(error, 'reading')).toBe(error);
  });
});

describe('withDeadline', () => {
  it('answers 503 when the work has not settled in time, and leaves a timely answer alone', async () => {
    let late = false;
    const never = new Promise<never>(() => {});
    await expect(withDeadline(never, 20, 'waiting', () => (late = true))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(late).toBe(true);
    await expect(withDeadline(Promise.resolve(7), 1000, 'waiting')).resolves.toBe(7);
  });
});
