/**
 * `GET /metrics` in Prometheus' text format (prom-client), off unless configured (FLAGPLANE_METRICS=1 on
 * the server's own port, FLAGPLANE_METRICS_PORT on a listener of its own). Never behind a credential, and
 * no label can carry a secret or grow without bound: requests are labelled by the endpoint table's
 * operation id (or the route's registered pattern for the few paths outside it, `unmatched` for no
 * route) and the status, never by URL, flag key, organization or caller.
 *
 * What each metric is for, and what to alert on: the server README, Operations.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Store, StoreStats } from '../store/store.js';
import { reportStoreTimingsTo } from '../store/store-timings.js';
import { operationOf } from './operation-label.js';

const secondsBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const writesBuckets = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** Requests of one operation and status answered since the counter was last read. */
interface UnreadCount {
  readonly labels: { readonly operation: string; readonly status: string };
  count: number;
}

export interface ServerMetricsOptions {
  readonly store: Store;
  /** §24: how many change streams are open now. */
  readonly openStreams: () => number;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'operation' | 'status'>;
  readonly #duration: Histogram<'operation'>;
  readonly #rateLimited: Counter;
  readonly #streamDelivery: Histogram;
  /**
   * Per operation: its duration histogram's child, and by status, the requests answered since the last
   * scrape. prom-client hashes the labels on every `inc` (a child's too), so requests are counted here
   * and added to the counter when it is read.
   */
  readonly #children = new Map<
    string,
    { duration: Histogram.Internal<'operation'>; byStatus: Map<number, UnreadCount> }
  >();

  constructor(options: ServerMetricsOptions) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: 'flagplane_http_requests_total',
      help: 'Requests answered, by operation id and status.',
      labelNames: ['operation', 'status'],
      registers,
      collect: () => this.#addUnreadCounts(),
    });
    this.#duration = new Histogram({
      name: 'flagplane_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by operation id (a change stream: while it was open).',
      labelNames: ['operation'],
      buckets: secondsBuckets,
      registers,
    });
    this.#rateLimited = new Counter({
      name: 'flagplane_http_rate_limited_requests_total',
      help: 'Requests refused with 429 by the rate limit (§13).',
      registers,
    });
    this.#storeMetrics(options.store, registers);
    new Gauge({
      name: 'flagplane_change_streams_open',
      help: 'Change streams (§24) open on this process.',
      registers,
      collect() {
        this.set(options.openStreams());
      },
    });
    this.#streamDelivery = new Histogram({
      name: 'flagplane_change_stream_delivery_seconds',
      help: 'Time from this process hearing of a change (its own commit, or another process’s applied here) to its change streams (§24) told.',
      buckets: secondsBuckets,
      registers,
    });
  }

  /** A change reached this process's streams `seconds` after the process heard of it (change-streams.ts). */
  streamsTold(seconds: number): void {
    this.#streamDelivery.observe(seconds);
  }

  #storeMetrics(store: Store, registers: Registry[]): void {
    const commitDuration = new Histogram({
      name: 'flagplane_store_commit_duration_seconds',
      help: 'Time one group commit took: a disk write with its fsync (file store) or a database transaction (PostgreSQL).',
      buckets: secondsBuckets,
      registers,
    });
    const commitWrites = new Histogram({
      name: 'flagplane_store_commit_writes',
      help: 'Writes made durable by one group commit (its batch size).',
      buckets: writesBuckets,
      registers,
    });
    const flushDuration = new Histogram({
      name: 'flagplane_store_disk_flush_duration_seconds',
      help: 'Time one fsync took, of the journal or of a new data file (compaction), file store only.',
      labelNames: ['file'],
      buckets: secondsBuckets,
      registers,
    });
    reportStoreTimingsTo({
      commit: (seconds, writes) => {
        commitDuration.observe(seconds);
        commitWrites.observe(writes);
      },
      flush: (file, seconds) => flushDuration.labels(file).observe(seconds),
    });
    const stats = () => store.stats?.() ?? {};
    new Gauge({
      name: 'flagplane_store_events',
      help: 'Events of the log (§19) this process holds in memory: the newest, until the store writes them where it reads them from.',
      registers,
      collect() {
        const { events } = stats();
        if (events !== undefined) this.set(events);
      },
    });
    const { journalBytes, pool } = stats();
    // Only what the store has: no journal on PostgreSQL or in memory, no pool but on PostgreSQL.
    if (journalBytes !== undefined) {
      new Gauge({
        name: 'flagplane_store_journal_bytes',
        help: 'Size of the file store journal: what a restart replays (compacted past max(8 MiB, 1/4 of the data file)).',
        registers,
        collect() {
          this.set(stats().journalBytes ?? 0);
        },
      });
    }
    if (pool !== undefined) this.#poolMetrics(() => stats().pool, registers);
  }

  #poolMetrics(pool: () => StoreStats['pool'], registers: Registry[]): void {
    new Gauge({
      name: 'flagplane_postgres_pool_connections',
      help: 'Connections of this process to PostgreSQL, by state (busy: running a statement or transaction).',
      labelNames: ['state'],
      registers,
      collect() {
        const now = pool();
        if (now === undefined) return;
        this.labels('idle').set(now.idle);
        this.labels('busy').set(now.total - now.idle);
      },
    });
    new Gauge({
      name: 'flagplane_postgres_pool_waiting',
      help: 'Requests and write batches waiting for a free PostgreSQL connection now.',
      registers,
      collect() {
        this.set(pool()?.waiting ?? 0);
      },
    });
  }

  /** Counts one answered request. */
  observe(operation: string, status: number, seconds: number): void {
    let children = this.#children.get(operation);
    if (children === undefined) {
      children = { duration: this.#duration.labels(operation), byStatus: new Map() };
      this.#children.set(operation, children);
    }
    let unread = children.byStatus.get(status);
    if (unread === undefined) {
      unread = { labels: { operation, status: String(status) }, count: 0 };
      children.byStatus.set(status, unread);
    }
    unread.count++;
    children.duration.observe(seconds);
    if (status === 429) this.#rateLimited.inc();
  }

  #addUnreadCounts(): void {
    for (const { byStatus } of this.#children.values()) {
      for (const unread of byStatus.values()) {
        if (unread.count === 0) continue;
        this.#requests.inc(unread.labels, unread.count);
        unread.count = 0;
      }
    }
  }

  /** Stops reporting the store's timings here (the server closed). */
  close(): void {
    reportStoreTimingsTo(null);
  }
}

/** Counts every answer of `app` in `metrics`, and serves `GET /metrics` on `app` when `route` is set. */
export function instrumentServer(app: FastifyInstance, metrics: ServerMetrics, route: boolean): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    metrics.observe(operationOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });
  if (route) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  }
}

/** `GET /metrics` on a listener of its own (FLAGPLANE_METRICS_PORT); resolves with what closes it. */
export async function listenForMetrics(
  metrics: ServerMetrics,
  host: string,
  port: number,
): Promise<{ readonly port: number; readonly close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`${(error as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
