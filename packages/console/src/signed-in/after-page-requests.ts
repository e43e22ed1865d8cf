/**
 * The order of a page's requests: what the page shows first (its list, its flag) goes first; what only
 * decorates it (who is signed in, the project's name in the heading) waits until those answers are in and
 * shown. An idle callback alone is not enough: the browser is idle while it waits for the page's answers,
 * and requests sent then compete with them for the server and, on a small machine, for the CPU (measured
 * by the bench's console-flag-list scenario).
 */
let pageRequestsInFlight = 0;
let waiting: (() => void)[] = [];

/** The longest a decoration waits for the page's requests (a slow answer must not hide the rest). */
const longestWaitMs = 1000;

/** Runs `task` once no page request is in flight and the browser is idle, or after a second at most. */
export function afterPageRequests(task: () => void): void {
  let done = false;
  const runOnce = () => {
    if (done) return;
    done = true;
    task();
  };
  setTimeout(runOnce, longestWaitMs);
  // Checked when idle, not now: a page's requests start in its layout effects, which may run after this.
  const runWhenQuiet = () => {
    if (pageRequestsInFlight > 0) waiting.push(runWhenQuiet);
    else runOnce();
  };
  whenIdle(runWhenQuiet);
}

/**
 * Counts `request` as one of the page's own until it settles or `signal` aborts (the page left it: an
 * answer asked for early, which cannot be aborted, is no longer waited for).
 */
export function asPageRequest<T>(request: Promise<T>, signal: AbortSignal): Promise<T> {
  pageRequestsInFlight++;
  let counted = true;
  const settled = () => {
    if (!counted) return;
    counted = false;
    signal.removeEventListener('abort', settled);
    pageRequestsInFlight--;
    if (pageRequestsInFlight > 0) return;
    const ready = waiting;
    waiting = [];
    // Idle: after the answers are rendered and painted.
    for (const task of ready) whenIdle(task);
  };
  request.then(settled, settled);
  signal.addEventListener('abort', settled, { once: true });
  return request;
}

/** Runs `task` when the browser has nothing else to do, at the latest after 500 ms. */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 500 });
  else setTimeout(task, 50);
}
