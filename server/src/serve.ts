/**
 * `flagplane-server` serving: in this order, the identity file read, the port listened on (answering
 * `/readyz` 503 while starting: operations/starting-listener.ts), the store opened (the data file, memory
 * or PostgreSQL), the identities applied or a first-start bootstrap, the app built, and the port handed
 * to it; then the metrics listener, the backup socket, and the signals that stop it
 * (operations/shutdown.ts). A signal during the start ends it at its next step, exit 0.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.js';
import { type ServerConfig, shownDatabaseUrl } from './config.js';
import { applyIdentities } from './identity/apply-identities.js';
import { bootstrapIfEmpty } from './identity/bootstrap.js';
import { readIdentityFile } from './identity/identity-file.js';
import { describeListenFailure } from './listen-error.js';
import { createServerLogger } from './logging.js';
import { backupSocketPath, serveBackups } from './operations/backup-socket.js';
import { listenForMetrics } from './operations/metrics.js';
import { stopOnSignals, watchSignalsWhileStarting } from './operations/shutdown.js';
import { listenWhileStarting } from './operations/starting-listener.js';
import { startTracing } from './operations/tracing.js';
import { openFileStore } from './store/file/file-store.js';
import { createMemoryStore } from './store/memory-store.js';
import { isConnectionFailure } from './store/postgres/connection-failure.js';
import { SchemaTooNewError } from './store/postgres/migrate.js';
import { openPostgresStore } from './store/postgres/postgres-store.js';
import type { Store } from './store/store.js';
import type { StoreLogger } from './store/store-logger.js';

/** Refusals people can act on: one line, no stack. */
export class StartError extends Error {
  override name = 'StartError';
}

/** What went wrong, in words: an AggregateError (every address of a host refused) has no message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map((inner: unknown) => (inner as Error).message).join('; ');
  }
  return (error as Error).message || String((error as { code?: unknown }).code ?? error);
}

/** The store the configuration names: PostgreSQL (§22), the data file, or memory. */
async function openStore(config: ServerConfig, logger: StoreLogger): Promise<Store> {
  if (config.database === null) {
    return config.dataPath === ':memory:'
      ? createMemoryStore()
      : openFileStore({ path: resolve(config.dataPath), logger });
  }
  const { url, poolSize } = config.database;
  try {
    return await openPostgresStore({ url, poolSize, logger });
  } catch (error) {
    if (error instanceof SchemaTooNewError)
      throw new StartError(`${shownDatabaseUrl(url)}: ${error.message}`);
    if (isConnectionFailure(error) || (error as { code?: unknown })?.code === '28P01') {
      throw new StartError(`cannot connect to PostgreSQL at ${shownDatabaseUrl(url)}: ${reasonOf(error)}`);
    }
    throw error;
  }
}

/** The identity file's identities, or a first-start bootstrap whose token is printed once. */
async function applyIdentitiesOrBootstrap(
  store: Store,
  identities: Awaited<ReturnType<typeof readIdentityFile>> | null,
  baseUrl: string,
): Promise<void> {
  if (identities) {
    await applyIdentities(store, identities, new Date());
    return;
  }
  const token = await bootstrapIfEmpty(store, new Date());
  if (token) {
    // Printed once, straight to the terminal: never through the logger (§5, §17).
    process.stdout.write(
      `\nFirst start: created organization "default" and Owner admin@localhost.\n` +
        `Its API token (shown once, store it now):\n\n  ${token}\n\n` +
        `Try: curl -H "Authorization: Bearer ${token}" ${baseUrl}/api/v1/me\n\n`,
    );
  }
}

export async function serve(config: ServerConfig): Promise<void> {
  // Read before the store is opened: a start refused for its identity file creates no data file.
  const identities = config.identitiesPath ? await readIdentityFile(config.identitiesPath) : null;
  // One logger for the store and the app, so torn journal lines and failed commits are logged too.
  const logger = createServerLogger(config.logLevel);
  // Before the store opens, so that its statements are traced too.
  const tracing = startTracing();
  // Before the store opens, so that a port in use is said at once and probes see a process starting.
  const starting = await listenWhileStarting(config).catch((error: unknown) => {
    throw describeListenFailure(error, config.host, config.port);
  });
  const signals = watchSignalsWhileStarting({ log: logger, onStop: () => void starting.close() });

  let store: Store | null = null;
  let app: FastifyInstance | null = null;
  /** Listeners besides the app's (metrics, the backup socket): closed after it, before the store. */
  const closeAlso: (() => Promise<void>)[] = [];
  /** Closes what the start opened: the app, other listeners, the store (flushed, lock released), the port. */
  const closeStarted = async () => {
    await app?.close();
    for (const close of closeAlso) await close();
    await store?.close();
    await starting.close();
  };
  /** Between the steps of the start: a signal asked it to end, so end here. */
  const endIfAsked = async () => {
    if (!signals.stopRequested()) return;
    await closeStarted();
    await tracing?.shutdown();
    logger.info('stopped before serving: the store is flushed and its lock released');
    process.exit(0);
  };
  try {
    store = await openStore(config, logger);
    await endIfAsked();
    await applyIdentitiesOrBootstrap(store, identities, config.baseUrl);
    await endIfAsked();
    app = await buildServer({
      store,
      baseUrl: config.baseUrl,
      rateLimit: config.rateLimit,
      eventRetentionDays: config.eventRetentionDays,
      corsOrigins: config.corsOrigins,
      logger,
      ...(config.metrics ? { metrics: { route: config.metrics.onServerPort } } : {}),
      tracing: tracing !== null,
    });
    await endIfAsked();
    // The hand-over: the port is free for a moment (a refused connection is "not ready" too).
    await starting.close();
    await app.listen({ port: starting.port, host: config.host });
  } catch (error) {
    signals.release();
    // The data file stays usable by the next start: flushed, and its lock released.
    await closeStarted();
    throw describeListenFailure(error, config.host, starting.port);
  }
  if (app.metrics && config.metrics?.port != null) {
    try {
      const listener = await listenForMetrics(app.metrics, config.host, config.metrics.port);
      closeAlso.push(listener.close);
      app.log.info(`metrics at http://${config.host}:${listener.port}/metrics`);
    } catch (error) {
      await closeStarted();
      throw describeListenFailure(error, config.host, config.metrics.port);
    }
  }
  if (config.database === null && config.dataPath !== ':memory:') {
    const socketPath = backupSocketPath(resolve(config.dataPath));
    try {
      closeAlso.push(await serveBackups({ socketPath, store, log: app.log }));
    } catch (error) {
      app.log.warn(
        { err: error, socketPath },
        'cannot listen for backups: flagplane-server backup will refuse',
      );
    }
  }
  // Until here a signal ends the start; from here on it stops the server (operations/shutdown.ts).
  await endIfAsked();
  signals.release();
  stopOnSignals({
    app,
    store,
    graceSeconds: config.shutdownSeconds,
    closeAlso,
    ...(tracing ? { afterStore: () => tracing.shutdown() } : {}),
  });
  if (tracing) app.log.info('tracing: spans go to the OTLP endpoint of the OTEL_* environment');
  app.log.info(
    `Flagplane listening on ${config.baseUrl} (data: ${config.database ? shownDatabaseUrl(config.database.url) : config.dataPath}); docs at ${config.baseUrl}/docs`,
  );
}
