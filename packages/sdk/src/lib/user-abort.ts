/** The caller's AbortSignal, turned into the SDK's own `UserAbortError`. */
import { UserAbortError } from './errors.js';

export function userAbortError(signal: AbortSignal): UserAbortError {
  return new UserAbortError('The call was aborted by its AbortSignal.', { cause: signal.reason });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw userAbortError(signal);
}

/** Waits between retries; an abort ends the wait at once. */
export function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(userAbortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(userAbortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
