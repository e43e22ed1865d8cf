/**
 * Loading what a page shows through the SDK: `useApi(load, deps)` runs `load` again when `deps` change,
 * aborts the previous load, and turns a 401 into the end of the session (back to sign-in).
 */
import { UnauthorizedError } from '@flagplane/sdk';
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type ConsoleSession, useConsole } from './console-context.js';

export type ApiState<T> =
  | { readonly status: 'loading'; readonly data?: undefined; readonly error?: undefined }
  | { readonly status: 'ready'; readonly data: T; readonly error?: undefined }
  | { readonly status: 'failed'; readonly data?: undefined; readonly error: unknown };

export interface ApiResult<T> {
  readonly state: ApiState<T>;
  /** Loads again (after a write), keeping what is shown until the new answer arrives. */
  readonly reload: () => void;
  /** Replaces what is shown without a request (an optimistic change the write confirms). */
  readonly replace: (update: (data: T) => T) => void;
}

export const refusedTokenFarewell =
  'The server refused the token (401): it is wrong, revoked or expired. Sign in with another one.';

/** Ends the session when `error` is a 401; true when it did. */
export function endSessionOnUnauthorized(error: unknown, session: ConsoleSession): boolean {
  if (!(error instanceof UnauthorizedError)) return false;
  session.signOut(refusedTokenFarewell);
  return true;
}

/** Runs `task` when the browser has nothing else to do, at the latest after 500 ms. */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 500 });
  else setTimeout(task, 50);
}

export interface ApiOptions {
  /**
   * `later`: start the request when the browser is idle (at the latest after 500 ms), behind the page's
   * own requests and their rendering (the project a layout names in its heading is not what the page
   * waits for). @default 'now'
   */
  readonly start?: 'now' | 'later';
}

export function useApi<T>(
  load: (session: ConsoleSession, signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  options: ApiOptions = {},
): ApiResult<T> {
  const session = useConsole();
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const loadedGeneration = useRef(generation);

  // A layout effect, not useEffect: Preact runs effects after the next frame is painted, and a request
  // started then reaches the server a frame (up to 16 ms) later than it could.
  const later = options.start === 'later';
  useLayoutEffect(() => {
    // New inputs (another page of a list, other filters): what is shown no longer answers them, so it
    // goes (a button acting on it would act on the wrong thing). A reload after a write keeps it.
    if (loadedGeneration.current === generation)
      setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    loadedGeneration.current = generation;
    const controller = new AbortController();
    const start = () => {
      if (controller.signal.aborted) return;
      loadRef.current(session, controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (!endSessionOnUnauthorized(error, session)) setState({ status: 'failed', error });
        },
      );
    };
    if (later) whenIdle(start);
    else start();
    return () => controller.abort();
  }, [...deps, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback(
    (update: (data: T) => T) =>
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', data: update(current.data) } : current,
      ),
    [],
  );
  return { state, reload, replace };
}

export type WriteOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

/**
 * A write started by a person: `run(write)` tracks it, keeps its error for the form to show next to its
 * inputs, and ends the session on a 401.
 */
export function useWrite() {
  const session = useConsole();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(
    async <T>(write: (session: ConsoleSession) => Promise<T>): Promise<WriteOutcome<T>> => {
      setPending(true);
      setError(null);
      try {
        return { ok: true, value: await write(session) };
      } catch (caught) {
        if (!endSessionOnUnauthorized(caught, session)) setError(caught);
        return { ok: false };
      } finally {
        setPending(false);
      }
    },
    [session],
  );
  return { pending, error, run, clearError: () => setError(null) };
}
