/**
 * What watching the server costs (issue #34): GET 50 flags with Prometheus metrics on (every request
 * counted and timed, `GET /metrics` served) and with OpenTelemetry tracing on at 100 % sampling (a span per
 * request, exported over OTLP/HTTP to a receiver in the bench process), each against the same server with
 * both off, alternating rounds.
 */
import { createServer } from 'node:http';
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput, throughputRows } from '../lib/compare-throughput.mjs';
import { authorization, projectPath } from '../lib/data-file.mjs';
import { num, ratio } from '../lib/format.mjs';
import { targetColumns } from '../lib/table.mjs';

const METRICS_TARGET = 0.85;
const TRACING_TARGET = 0.6;
const path = `${projectPath}/flags`;

export const observabilityOverhead = {
  id: 'observability',
  title: 'GET a list of 50 flags with metrics or tracing on',
  measures:
    '`GET /api/v1/orgs/acme/projects/web/flags` (50 flags, memory store), 10 connections, on a server with ' +
    'Prometheus metrics on (requests counted by operation and status, latency histogram, store commits; ' +
    '`GET /metrics` served) and on one with OpenTelemetry tracing on (`OTEL_TRACES_SAMPLER=always_on`: a ' +
    'span per request, batched to an OTLP/HTTP receiver in the bench process), each against the same ' +
    'server with both off. Targets (issue #34): at least 0.85× with metrics, at least 0.6× with tracing.',
  async run(ctx) {
    const load = ctx.settings.read;
    const receiver = await startOtlpReceiver();
    const common = { data: ':memory:', seed: await ctx.dataFile(50), identities: ctx.identityFile };
    const servers = {};
    try {
      [servers.plain, servers.metrics, servers.tracing] = await Promise.all([
        startServer('flagplane-server', common),
        startServer('flagplane-server', { ...common, metrics: 1 }),
        startServer(
          'flagplane-server',
          { ...common, tracing: 1 },
          {
            env: {
              OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
              OTEL_TRACES_SAMPLER: 'always_on',
              // The SDK's default: spans leave in batches every 5 s or 512 at a time.
              OTEL_BSP_SCHEDULE_DELAY: '5000',
            },
          },
        ),
      ]);
      const headers = { authorization };
      const target = (server) => ({ server, url: server.url + path, headers });
      const withMetrics = await compareThroughput({
        subject: target(servers.metrics),
        baseline: target(servers.plain),
        load,
        log: ctx.log,
      });
      const withTracing = await compareThroughput({
        subject: target(servers.tracing),
        baseline: target(servers.plain),
        load,
        log: ctx.log,
      });
      // The switches must have done something: a count in the scrape, spans at the receiver.
      const scrape = await (await fetch(`${servers.metrics.url}/metrics`)).text();
      const counted = /flagplane_http_requests_total\{[^}]*operation="listFlags"[^}]*\} (\d+)/.exec(scrape);
      if (!counted || Number(counted[1]) === 0)
        throw new Error('the metrics server counted no listFlags request');
      const memory = await servers.metrics.memory();
      const tracingMemory = await servers.tracing.memory();
      // Stopping sends the spans still buffered.
      await servers.tracing.stop();
      if (receiver.requests === 0) throw new Error('the tracing server exported no spans');
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: 'req/s with metrics on vs off',
            value: ratio(withMetrics.ratio),
            target: `≥ ${METRICS_TARGET}×`,
            pass: withMetrics.ratio >= METRICS_TARGET,
          },
          {
            label: 'req/s with tracing on (100 % sampled) vs off',
            value: ratio(withTracing.ratio),
            target: `≥ ${TRACING_TARGET}×`,
            pass: withTracing.ratio >= TRACING_TARGET,
          },
        ],
        tables: [
          {
            columns: targetColumns,
            rows: [
              ...labelled('metrics on', throughputRows(withMetrics, METRICS_TARGET, memory)),
              ...labelled('tracing on', throughputRows(withTracing, TRACING_TARGET, tracingMemory)),
            ],
          },
        ],
        notes: [
          `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per server after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios.`,
          `The receiver took ${num(receiver.requests)} OTLP export requests (${num(receiver.bytes)} bytes) from the tracing server; the metrics server's scrape counted ${num(Number(counted[1]))} listFlags requests.`,
        ],
      };
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
      await receiver.close();
    }
  },
};

/** The rows of one comparison, each named after the server it measures (the baseline has both off). */
const labelled = (name, rows) => rows.map(([label, ...cells]) => [`${name}: ${label}`, ...cells]);

/** An OTLP/HTTP receiver that accepts every export and counts them (what a collector would take in). */
async function startOtlpReceiver() {
  const state = { requests: 0, bytes: 0 };
  const server = createServer((request, response) => {
    request.on('data', (chunk) => {
      state.bytes += chunk.length;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') state.requests++;
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/json' });
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    get requests() {
      return state.requests;
    },
    get bytes() {
      return state.bytes;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
