/**
 * Loading what a page shows through the SDK: `useApi(load, deps)` runs `load` again when `deps` change,
 * aborts the previous load, and turns a 401 into the end of the session (back to sign-in).
 */
import { UnauthorizedError } from '@flagplane/sdk';
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { afterPageRequests, asPageRequest } from './after-page-requests.js';
import { type ConsoleSession, useConsole } from './console-context.js';
import { type EarlyAnswer, takeEarly } from './early-answers.js';

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

export interface ApiOptions {
  /**
   * `later`: start the request once the page's own requests are answered and shown (after-page-requests.ts):
   * the project a layout names in its heading is not what the page waits for. @default 'now'
   */
  readonly start?: 'now' | 'later';
  /**
   * The key under which the first script may have asked for this already (early-answers.ts): its answer
   * is used instead of a request, and shown by the first render when it is already in.
   */
  readonly earlyKey?: string;
}

export function useApi<T>(
  load: (session: ConsoleSession, signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  options: ApiOptions = {},
): ApiResult<T> {
  const session = useConsole();
  const early = useRef<EarlyAnswer<T> | undefined>(undefined);
  const [state, setState] = useState<ApiState<T>>(() => {
    early.current = options.earlyKey === undefined ? undefined : takeEarly<T>(options.earlyKey);
    const outcome = early.current?.outcome;
    return outcome?.ok ? { status: 'ready', data: outcome.value } : { status: 'loading' };
  });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const loadedGeneration = useRef(generation);

  // A layout effect, not useEffect: Preact runs effects after the next frame is painted, and a request
  // started then reaches the server a frame (up to 16 ms) later than it could.
  const later = options.start === 'later';
  useLayoutEffect(() => {
    const answer = early.current;
    early.current = undefined;
    if (answer?.outcome?.ok) {
      // Shown by the first render already.
      loadedGeneration.current = generation;
      return;
    }
    // New inputs (another page of a list, other filters): what is shown no longer answers them, so it
    // goes (a button acting on it would act on the wrong thing). A reload after a write keeps it.
    if (loadedGeneration.current === generation)
      setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    loadedGeneration.current = generation;
    const controller = new AbortController();
    const start = () => {
      if (controller.signal.aborted) return;
      const request = answer?.promise ?? loadRef.current(session, controller.signal);
      (later ? request : asPageRequest(request, controller.signal)).then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (!endSessionOnUnauthorized(error, session)) setState({ status: 'failed', error });
        },
      );
    };
    if (later) afterPageRequests(start);
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
