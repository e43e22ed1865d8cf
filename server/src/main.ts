#!/usr/bin/env node
/**
 * Runs the reference server: configuration from the environment, the identity file, the data file (or
 * memory), a first-start bootstrap when there is no identity file, then listen. SIGINT/SIGTERM stop
 * accepting, finish in-flight requests, flush the store and release its lock. `--help` and `--version`
 * answer without starting anything.
 */
import { resolve } from 'node:path';
import { buildServer } from './app.js';
import { helpText, readInvocation, serverVersion } from './command-line.js';
import { ConfigError, readConfig, type ServerConfig } from './config.js';
import { applyIdentities, IdentityError } from './identity/apply-identities.js';
import { bootstrapIfEmpty } from './identity/bootstrap.js';
import { readIdentityFile } from './identity/identity-file.js';
import { describeListenFailure, ListenError } from './listen-error.js';
import { createServerLogger } from './logging.js';
import { openFileStore } from './store/file-store.js';
import { createMemoryStore } from './store/memory-store.js';
import type { Store } from './store/store.js';

/** Exit status of a refused command line, apart from 1 (could not start) as shells usually do. */
const USAGE_EXIT_CODE = 2;

async function serve(config: ServerConfig): Promise<void> {
  // Read before the store is opened: a start refused for its identity file creates no data file.
  const identities = config.identitiesPath ? await readIdentityFile(config.identitiesPath) : null;
  // One logger for the store and the app, so torn journal lines and failed commits are logged too.
  const logger = createServerLogger(config.logLevel);
  const store: Store =
    config.dataPath === ':memory:'
      ? createMemoryStore()
      : await openFileStore({ path: resolve(config.dataPath), logger });
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
    logger,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The data file stays usable by the next start: flushed, and its lock released.
    stopping = true;
    await app.close();
    await store.close();
    throw describeListenFailure(error, config.host, config.port);
  }
  app.log.info(
    `Flagplane listening on ${config.baseUrl} (data: ${config.dataPath}); docs at ${config.baseUrl}/docs`,
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
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Refusals people can act on are one line; anything else keeps its stack for a bug report.
  const known =
    error instanceof ConfigError || error instanceof IdentityError || error instanceof ListenError;
  fail(known ? error.message : String((error as Error)?.stack ?? error), 1);
});
