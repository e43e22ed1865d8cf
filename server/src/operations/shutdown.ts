/**
 * What SIGTERM and SIGINT do to a running server: stop accepting connections (the listener closes, idle
 * keep-alive connections are closed, and so is each busy one as soon as its answer is sent; a request
 * that still arrives on one is answered 503 with `Connection: close`), end the change streams (§24) so their clients reconnect to another process, let
 * the requests in flight finish for up to `graceSeconds`, then cut off whatever is still open; then close
 * the other listeners (metrics, the backup socket), flush the store and release its data file's lock,
 * and exit 0. Every write acknowledged before is durable whatever happens after: a cut-off request's write
 * is either acknowledged (and durable) or never was.
 *
 * A second signal while stopping exits at once (128 + the signal's number, as shells report it): the
 * operator's "I mean it now". Writes acknowledged so far are durable all the same; the lock stays behind
 * and the next start takes it over as stale.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.js';

export interface ShutdownOptions {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** How long requests in flight may take to finish. */
  readonly graceSeconds: number;
  /** Closed after the app, before the store (listeners besides the app's). */
  readonly closeAlso?: readonly (() => Promise<void>)[];
  /** Run last, once the store is closed (sending the last spans). */
  readonly afterStore?: () => Promise<void>;
  /** @default process.exit */
  readonly exit?: (code: number) => void;
}

const signalNumbers: Record<string, number> = { SIGINT: 2, SIGTERM: 15 };

/** The exit code of a process ended by `signal`, as shells report it: 128 + the signal's number. */
const exitCodeOf = (signal: NodeJS.Signals) => 128 + (signalNumbers[signal] ?? 0);

/** Calls `onSignal` on SIGINT and SIGTERM; returns what stops listening. */
function onStopSignals(onSignal: (signal: NodeJS.Signals) => void): () => void {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/** Listens for SIGINT and SIGTERM; returns `stop`, the same stop without a signal. */
export function stopOnSignals(options: ShutdownOptions): { stop: (reason: string) => Promise<void> } {
  const { app, store } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;

  const stop = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      app.log.info(
        { signal: reason, graceSeconds: options.graceSeconds },
        'stopping: finishing in-flight requests',
      );
      const cutOff = setTimeout(() => {
        app.log.warn(
          { graceSeconds: options.graceSeconds },
          'stopping: requests still in flight after the grace period; closing their connections',
        );
        app.server.closeAllConnections();
      }, options.graceSeconds * 1000);
      // A keep-alive connection whose request finishes while stopping would stay open until its idle
      // timeout (5 s): close each as soon as it is idle, so the stop takes no longer than its requests.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearTimeout(cutOff);
        clearInterval(closeIdle);
      }
      for (const close of options.closeAlso ?? []) {
        await close().catch((error: unknown) =>
          app.log.warn({ err: error }, 'stopping: a listener failed to close'),
        );
      }
      await store.close();
      app.log.info('stopped: the store is flushed and its lock released');
      await options
        .afterStore?.()
        .catch((error: unknown) => app.log.warn({ err: error }, 'stopping: could not send the last spans'));
    })();
    return stopping;
  };

  onStopSignals((signal) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal while stopping: exiting at once');
      exit(exitCodeOf(signal));
      return;
    }
    stop(signal).then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'stopping failed');
        exit(1);
      },
    );
  });
  return { stop };
}

export interface StartingSignals {
  /** The signal that asked the start to stop, or null. */
  readonly stopRequested: () => NodeJS.Signals | null;
  /** Stops listening for signals (before `stopOnSignals` takes over). */
  readonly release: () => void;
}

/**
 * SIGTERM and SIGINT while the server starts (the store loading, nothing served yet): the first calls
 * `onStop` (closing the starting listener, so that no more traffic is sent here) and asks the start to end
 * at its next step, where serve.ts closes what is open and exits 0; loading is not cut off halfway, so the
 * data file is released as it was found. A second signal exits at once, as while stopping.
 */
export function watchSignalsWhileStarting(options: {
  readonly log: { info: (message: string) => void; warn: (message: string) => void };
  readonly onStop: () => void;
  /** @default process.exit */
  readonly exit?: (code: number) => void;
}): StartingSignals {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let requested: NodeJS.Signals | null = null;
  const release = onStopSignals((signal) => {
    if (requested) {
      options.log.warn(`second signal (${signal}) while starting: exiting at once`);
      exit(exitCodeOf(signal));
      return;
    }
    requested = signal;
    options.log.info(`${signal} while starting: stopping once the store has opened`);
    options.onStop();
  });
  return { stopRequested: () => requested, release };
}
