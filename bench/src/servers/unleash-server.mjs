/**
 * The peer under test: Unleash (`unleash-server`, installed on demand by lib/unleash-install.mjs outside
 * the workspace) on a PostgreSQL database, in production mode with its own defaults, except what a bench
 * needs and a deployment would set the same way: two API tokens made at start, no calls to the outside
 * (version check, telemetry), no TLS to the local database, and its SDK rate limit out of reach (as
 * Flagplane's is in the bench: `max: 1e9`).
 *
 *   node unleash-server.mjs --install DIR --database URL --admin-token T --client-token T
 *
 * `--install` is the directory holding `node_modules/unleash-server`; `--admin-token` is an admin token
 * (`*:*.<secret>`), `--client-token` a backend (SDK) token such as `default:production.<secret>`.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { announceReady, cliOptions, exitOnSignal } from './child-protocol.mjs';

const options = cliOptions();
for (const name of ['install', 'database', 'admin-token', 'client-token']) {
  if (!options[name]) throw new Error(`--${name} is required`);
}

// Unleash reads these while its modules load (create-config.js evaluates its defaults then), so they are
// set before the import. Each is a documented setting of Unleash's configuration.
Object.assign(process.env, {
  TZ: 'UTC', // what Unleash's own start script sets
  DATABASE_URL: options.database,
  DATABASE_SSL: 'false',
  INIT_ADMIN_API_TOKENS: options['admin-token'],
  INIT_BACKEND_API_TOKENS: options['client-token'],
  CHECK_VERSION: 'false',
  SEND_TELEMETRY: 'false',
  // Its defaults (20,000 a minute per client) would answer 429 within seconds of load.
  SDK_API_RATE_LIMIT_PER_MINUTE: '1000000000',
  TOKEN_AUTHENTICATION_RATE_LIMIT_PER_MINUTE: '1000000000',
  // Its own SIGTERM handler would race the bench's (exitOnSignal below stops it the same way).
  GRACEFUL_SHUTDOWN_ENABLE: 'false',
  LOG_LEVEL: 'error',
});

const entry = join(options.install, 'node_modules', 'unleash-server', 'dist', 'lib', 'server-impl.js');
const { start } = await import(pathToFileURL(entry).href);
const unleash = await start({ server: { host: '127.0.0.1', port: 0 } });
exitOnSignal(() => unleash.stop());
announceReady(unleash.server.address().port);
