#!/usr/bin/env node
/**
 * Runs the reference server: configuration from the environment, the identity file, the data file (or
 * memory), a first-start bootstrap when there is no identity file, then listen. SIGINT/SIGTERM stop
 * accepting, finish in-flight requests, flush the store and release its lock (operations/shutdown.ts).
 * `--help` and `--version` answer without starting anything.
 */
import { resolve } from 'node:path';
import { buildServer } from './app.js';
import { helpText, readInvocation, serverVersion } from './command-line.js';
import { ConfigError, readConfig, type ServerConfig, shownDatabaseUrl } from './config.js';
import { CopyDataError, copyData, describeCounts } from './copy-data.js';
import { applyIdentities, IdentityError } from './identity/apply-identities.js';
import { bootstrapIfEmpty } from './identity/bootstrap.js';
import { readIdentityFile } from './identity/identity-file.js';
import { describeListenFailure, ListenError } from './listen-error.js';
import { createServerLogger } from './logging.js';
import { BackupError } from './operations/backup.js';
import { backup } from './operations/backup-command.js';
import { backupSocketPath, serveBackups } from './operations/backup-socket.js';
import { listenForMetrics } from './operations/metrics.js';
import { stopOnSignals } from './operations/shutdown.js';
import { startTracing } from './operations/tracing.js';
import { openFileStore } from './store/file/file-store.js';
import { createMemoryStore } from './store/memory-store.js';
import { isConnectionFailure } from './store/postgres/connection-failure.js';
import { SchemaTooNewError } from './store/postgres/migrate.js';
import { openPostgresStore } from './store/postgres/postgres-store.js';
import type { Store } from './store/store.js';
import type { StoreLogger } from './store/store-logger.js';

/** Exit status of a refused command line, apart from 1 (could not start) as shells usually do. */
const USAGE_EXIT_CODE = 2;

/** Refusals people can act on: one line, no stack. */
class StartError extends Error {
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

async function serve(config: ServerConfig): Promise<void> {
  // Read before the store is opened: a start refused for its identity file creates no data file.
  const identities = config.identitiesPath ? await readIdentityFile(config.identitiesPath) : null;
  // One logger for the store and the app, so torn journal lines and failed commits are logged too.
  const logger = createServerLogger(config.logLevel);
  // Before the store opens, so that its statements are traced too.
  const tracing = startTracing();
  const store = await openStore(config, logger);
  try {
    if (identities) {
      await applyIdentities(store, identities, new Date());
    } else {
      const token = await bootstrapIfEmpty(store, new Date());
      if (token) {
        // Printed once, straight to the terminal: never through the logger (§5, §17).
        process.stdout.write(
          `\nFirst start: created organization "default" and Owner admin@localhost.\n` +
            `Its API token (shown once, store it now):\n\n  ${token}\n\n` +
            `Try: curl -H "Authorization: Bearer ${token}" ${config.baseUrl}/api/v1/me\n\n`,
        );
      }
    }
  } catch (error) {
    await store.close();
    throw error;
  }

  const app = await buildServer({
    store,
    baseUrl: config.baseUrl,
    rateLimit: config.rateLimit,
    eventRetentionDays: config.eventRetentionDays,
    corsOrigins: config.corsOrigins,
    logger,
    ...(config.metrics ? { metrics: { route: config.metrics.onServerPort } } : {}),
    tracing: tracing !== null,
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The data file stays usable by the next start: flushed, and its lock released.
    await app.close();
    await store.close();
    throw describeListenFailure(error, config.host, config.port);
  }
  const closeAlso: (() => Promise<void>)[] = [];
  if (app.metrics && config.metrics?.port != null) {
    try {
      const listener = await listenForMetrics(app.metrics, config.host, config.metrics.port);
      closeAlso.push(listener.close);
      app.log.info(`metrics at http://${config.host}:${listener.port}/metrics`);
    } catch (error) {
      await app.close();
      await store.close();
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

function fail(message: string, exitCode: number): never {
  process.stderr.write(`flagplane-server: ${message}\n`);
  process.exit(exitCode);
}

async function main(args: readonly string[]): Promise<void> {
  const invocation = readInvocation(args);
  switch (invocation.action) {
    case 'help':
      process.stdout.write(helpText());
      return;
    case 'version':
      process.stdout.write(`${serverVersion()}\n`);
      return;
    case 'refuse':
      fail(invocation.message, USAGE_EXIT_CODE);
      return;
    case 'serve':
      await serve(readConfig());
      return;
    case 'backup': {
      const outcome = await backup(readConfig(), invocation.to);
      process.stdout.write(
        `Backed up ${outcome.dataPath} into ${outcome.target}, written by ${outcome.writtenBy}:\n` +
          `${describeCounts(outcome.counts)}\nStart from it with FLAGPLANE_DATA=${outcome.target}\n`,
      );
      return;
    }
    case 'copy-data': {
      const counts = await copyData(invocation.from, invocation.to);
      process.stdout.write(
        `Copied ${invocation.from} into ${shownDatabaseUrl(invocation.to)}:\n${describeCounts(counts)}\n`,
      );
      return;
    }
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Refusals people can act on are one line; anything else keeps its stack for a bug report.
  const known =
    error instanceof ConfigError ||
    error instanceof IdentityError ||
    error instanceof ListenError ||
    error instanceof StartError ||
    error instanceof CopyDataError ||
    error instanceof BackupError ||
    isConnectionFailure(error);
  fail(known ? (error as Error).message : String((error as Error)?.stack ?? error), 1);
});
