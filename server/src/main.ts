#!/usr/bin/env node
/**
 * Runs the reference server: configuration from the environment, the data file (or memory), the
 * identity file or a first-start bootstrap, then listen. SIGINT/SIGTERM stop accepting, finish
 * in-flight requests, flush the store and release its lock.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildServer } from './app.js';
import { ConfigError, readConfig } from './config.js';
import { applyIdentities, IdentityError, parseIdentityDocument } from './identity/apply-identities.js';
import { bootstrapIfEmpty } from './identity/bootstrap.js';
import { createServerLogger } from './logging.js';
import { openFileStore } from './store/file-store.js';
import { createMemoryStore } from './store/memory-store.js';
import type { Store } from './store/store.js';

async function loadIdentityFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new IdentityError(`FLAGPLANE_IDENTITIES: cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new IdentityError(`FLAGPLANE_IDENTITIES: ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // One logger for the store and the app, so torn journal lines and failed commits are logged too.
  const logger = createServerLogger(config.logLevel);
  const store: Store =
    config.dataPath === ':memory:'
      ? createMemoryStore()
      : await openFileStore({ path: resolve(config.dataPath), logger });
  try {
    if (config.identitiesPath) {
      const document = parseIdentityDocument(
        await loadIdentityFile(config.identitiesPath),
        config.identitiesPath,
      );
      await applyIdentities(store, document, new Date());
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
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Flagplane listening on ${config.baseUrl} (data: ${config.dataPath}); docs at ${config.baseUrl}/docs`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof IdentityError;
  process.stderr.write(
    `flagplane-server: ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
