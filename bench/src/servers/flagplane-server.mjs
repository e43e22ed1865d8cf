/**
 * The Flagplane server under test: the real app (`buildServer`) on the durable file store, in memory, or
 * on PostgreSQL (§22), with the limiter out of the way and no logger.
 *
 *   node flagplane-server.mjs --data FILE|:memory: [--seed FILE] --identities FILE [--port 0]
 *                             [--count-requests 1] [--record-events 0] [--synthetic-events N]
 *   node flagplane-server.mjs --database URL [--seed FILE] --identities FILE …
 *
 * `--database URL --seed FILE` loads FILE into the database when it is empty (a second process on the
 * same database then starts without `--seed`).
 * `--data :memory: --seed FILE` loads FILE into a memory store (read scenarios); `--synthetic-events N`
 * adds an event log of N toggles of its flags to it first (lib/synthetic-events.mjs). `--record-events 0`
 * is the server's test-only switch that turns the event log off (the baseline of its cost). With a data file, every
 * fsync is counted (`stats`: two per disk write, the file and its directory) to show the group commit.
 * `--static-page FILE` adds `GET /bench/static-page`, answering FILE's HTML (read once at start): the
 * baseline of the console scenario, served by the same server.
 * `--metrics 1` counts requests and commits for Prometheus and serves `GET /metrics`; `--tracing 1` traces
 * every request (the OTEL_* variables of the process say where spans go).
 * `--count-requests 1` counts the requests received by HTTP method (`stats().requests`, e.g. `{ GET: 12 }`).
 * FLAGPLANE_BENCH_SERVER=/path/to/dist/index.js runs another build of the server (a candidate change).
 */
import { open, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { addSyntheticEvents } from '../lib/synthetic-events.mjs';
import { announceReady, cliOptions, exitOnSignal } from './child-protocol.mjs';

const candidate = process.env.FLAGPLANE_BENCH_SERVER;
const { buildServer, createMemoryStore, openFileStore, openPostgresStore, startTracing } = await import(
  candidate ? pathToFileURL(candidate).href : '@flagplane/server'
);

const options = cliOptions();
const counters = { fsyncs: 0, requests: {} };

async function countFsyncs() {
  const probe = await open(process.execPath, 'r');
  const proto = Object.getPrototypeOf(probe);
  await probe.close();
  const sync = proto.sync;
  proto.sync = function countedSync(...args) {
    counters.fsyncs++;
    return sync.apply(this, args);
  };
}

/** The seed, with its synthetic events; in a function so that nothing holds it once the store has its copy. */
async function seedDocument() {
  if (!options.seed) return undefined;
  const seed = JSON.parse(await readFile(options.seed, 'utf8'));
  const events = Number(options['synthetic-events'] ?? 0);
  return events > 0 ? addSyntheticEvents(seed, events) : seed;
}

let store;
if (options.database) {
  store = await openPostgresStore({ url: options.database, poolSize: 10 });
  const empty = store.peek((view) => [...view.all('organizations')].length === 0);
  if (options.seed && empty) await store.replace(await seedDocument());
} else if (options.data === ':memory:') {
  store = createMemoryStore(await seedDocument());
} else {
  await countFsyncs();
  store = await openFileStore({ path: options.data });
}
// `--tracing 1`: the OpenTelemetry SDK from this process's OTEL_* variables, as main.ts starts it.
const tracing = options.tracing === '1' ? startTracing() : null;
if (options.tracing === '1' && !tracing)
  throw new Error('--tracing 1 needs OTEL_* variables that configure an exporter');
const app = await buildServer({
  store,
  ...(options.metrics === '1' ? { metrics: { route: true } } : {}),
  ...(tracing ? { tracing: true } : {}),
  identities: options.identities ? JSON.parse(await readFile(options.identities, 'utf8')) : undefined,
  rateLimit: { max: 1e9, windowSeconds: 60 },
  logger: false,
  recordEvents: options['record-events'] !== '0',
});
exitOnSignal(async () => {
  await app.close();
  await store.close();
  await tracing?.shutdown();
});
if (options['count-requests']) {
  // A second listener on the Node server: it sees every request before Fastify routes it, answers none.
  app.server.on('request', (request) => {
    counters.requests[request.method] = (counters.requests[request.method] ?? 0) + 1;
  });
}
if (options['static-page']) {
  // buildServer's app is ready (no route can be added): answer this one path on the same HTTP server,
  // before Fastify sees the request.
  const html = await readFile(options['static-page']);
  const fastifyListeners = app.server.listeners('request');
  app.server.removeAllListeners('request');
  app.server.on('request', (request, response) => {
    if (request.url !== '/bench/static-page') {
      for (const listener of fastifyListeners) listener.call(app.server, request, response);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(html);
  });
}
await app.listen({ port: Number(options.port ?? 0), host: '127.0.0.1' });
announceReady(app.server.address().port, () => ({ ...counters, requests: { ...counters.requests } }));
