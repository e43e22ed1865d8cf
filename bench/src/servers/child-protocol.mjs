/**
 * What every server under test does to talk to the bench: print `READY <port>` once listening, and answer
 * `{ id, type }` messages on the IPC channel (`memory` → process.memoryUsage(), `cpu` → process.cpuUsage(),
 * `stats` → its counters).
 */

/** Reads `--name value` pairs from the command line. */
export function cliOptions(argv = process.argv.slice(2)) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--')) throw new Error(`unexpected argument ${argv[i]}`);
    options[argv[i].slice(2)] = argv[i + 1];
  }
  return options;
}

export function announceReady(port, stats = () => ({})) {
  process.on('message', (message) => {
    if (typeof message !== 'object' || message === null) return;
    // Started with --expose-gc, a memory reading collects garbage first, so it counts what is held.
    if (message.type === 'memory') globalThis.gc?.();
    const value =
      message.type === 'memory'
        ? process.memoryUsage()
        : message.type === 'cpu'
          ? process.cpuUsage()
          : stats();
    process.send?.({ id: message.id, value });
  });
  process.stdout.write(`READY ${port}\n`);
}

/** SIGTERM/SIGINT run `close` once, then exit. */
export function exitOnSignal(close) {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
