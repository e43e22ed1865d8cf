/**
 * Answers asked for before the page that shows them exists. The first script starts the first page's
 * requests while the console's code is still loading (first-page-requests.ts), so the code and the
 * answers travel at the same time instead of one after the other; the page then takes the answer by the
 * key of its request, once (useApi's `earlyKey`), during the first render; what that render did not take
 * is forgotten after it. Any other page, a second visit or a reload after a change asks the server.
 */

/** An answer started early, and what it came to once settled (read synchronously by the first render). */
export interface EarlyAnswer<T> {
  readonly promise: Promise<T>;
  readonly outcome?: { readonly ok: true; readonly value: T } | { readonly ok: false };
}

const answers = new Map<string, EarlyAnswer<unknown>>();

/** Starts `request` for the page that will ask for `key`; resolves (never rejects) once it is answered. */
export function startEarly<T>(key: string, request: () => Promise<T>): Promise<void> {
  const promise = request();
  const answer: { promise: Promise<T>; outcome?: EarlyAnswer<T>['outcome'] } = { promise };
  answers.set(key, answer);
  // Taken or not, a refusal must not become an unhandled rejection; the page that takes the answer still
  // sees it through `promise` (a 401 then ends the session, as for any request).
  return promise.then(
    (value) => {
      answer.outcome = { ok: true, value };
    },
    () => {
      answer.outcome = { ok: false };
    },
  );
}

/** The answer started for `key`, once; undefined when none was (or it was taken). */
export function takeEarly<T>(key: string): EarlyAnswer<T> | undefined {
  const answer = answers.get(key);
  answers.delete(key);
  return answer as EarlyAnswer<T> | undefined;
}

/** Forgets every answer not taken: called after the first render, so no later page shows an old one. */
export function forgetEarlyAnswers(): void {
  answers.clear();
}
