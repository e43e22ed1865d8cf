/**
 * OpenTelemetry tracing on the real server process, with an OTLP/HTTP receiver this test starts: a span
 * per request named by its operation id, the child of the caller's W3C `traceparent`; the store's commit
 * as its child (and on PostgreSQL, its statements); the trace id in every log line of the request; the
 * last spans sent on SIGTERM. Without OTEL_* variables nothing is traced.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PostgresCluster, postgresAvailable, startPostgres } from '@flagplane/test-support/postgres';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identities, tokens } from './fixtures.js';
import { mainScript } from './support/built-server.js';
import { type OtlpReceiver, startOtlpReceiver } from './support/otlp-receiver.js';
import { createTestDatabase } from './support/test-databases.js';

const available = postgresAvailable();
let directory: string;
let receiver: OtlpReceiver;
let cluster: PostgresCluster | undefined;
const running: RunningServer[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-tracing-'));
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await Promise.allSettled(running.splice(0).map((server) => server.stop()));
});
afterAll(async () => {
  await receiver.close();
  await cluster?.destroy();
  await rm(directory, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServerProcess({
    mainScript,
    identities,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'flagplane-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  running.push(server);
  expect(server.process.exitCode, server.output()).toBeNull();
  return server;
}

/** A new W3C trace context: its trace id, the caller's span id, and the `traceparent` header. */
function callerContext() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

const createProject = (server: RunningServer, headers: Record<string, string>) =>
  fetch(`${server.baseUrl}/api/v1/orgs/acme/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ key: 'web', name: 'Web' }),
  });

/** The server's JSON log lines. */
const logLines = (server: RunningServer) =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('OpenTelemetry tracing', () => {
  it('sends a span per request, child of traceparent, with the store commit under it and the trace id in its logs', async () => {
    const server = await start({ FLAGPLANE_DATA: join(directory, 'data.json') });
    const caller = callerContext();
    expect((await createProject(server, { traceparent: caller.traceparent })).status).toBe(201);

    const request = await receiver.waitFor(
      (span) => span.traceId === caller.traceId && span.name === 'createProject',
    );
    expect(request).toMatchObject({ parentSpanId: caller.spanId, kind: 2 }); // SERVER
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/v1/orgs/:org/projects',
      'http.response.status_code': 201,
    });
    expect(request.resource['service.name']).toBe('flagplane-under-test');
    const commit = await receiver.waitFor(
      (span) => span.traceId === caller.traceId && span.name === 'store.commit',
    );
    expect(commit.parentSpanId).toBe(request.spanId);
    expect(commit.attributes['flagplane.store.writes']).toBeGreaterThanOrEqual(1);

    // Every log line of that request carries its trace and span ids, the first one included.
    const lines = logLines(server).filter((line) => line.trace_id === caller.traceId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const requestId = lines[0]?.reqId;
    const ofRequest = logLines(server).filter((line) => line.reqId === requestId);
    expect(
      ofRequest.every((line) => line.trace_id === caller.traceId && line.span_id === request.spanId),
    ).toBe(true);

    // Without traceparent: a trace of its own, with no parent.
    const me = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(me.status).toBe(200);
    const root = await receiver.waitFor((span) => span.name === 'getMe');
    expect(root.parentSpanId).toBe('');
    expect(root.traceId).not.toBe(caller.traceId);

    // Spans of requests just before SIGTERM are still sent.
    const last = callerContext();
    await fetch(`${server.baseUrl}/readyz`, { headers: { traceparent: last.traceparent } });
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect((await receiver.waitFor((span) => span.traceId === last.traceId, 1000)).name).toBe('/readyz');
  }, 30_000);

  it.skipIf(!available)(
    'on PostgreSQL, traces the statements of a request as its children',
    async () => {
      cluster = await startPostgres();
      const server = await start({ FLAGPLANE_DATABASE_URL: await createTestDatabase(cluster.url) });
      const caller = callerContext();
      expect((await createProject(server, { traceparent: caller.traceparent })).status).toBe(201);
      const request = await receiver.waitFor(
        (span) => span.traceId === caller.traceId && span.name === 'createProject',
      );
      const commit = await receiver.waitFor(
        (span) => span.traceId === caller.traceId && span.name === 'store.commit',
      );
      expect(commit.parentSpanId).toBe(request.spanId);
      const statement = await receiver.waitFor(
        (span) => span.traceId === caller.traceId && span.name.startsWith('pg '),
      );
      expect(statement.kind).toBe(3); // CLIENT
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      const ours = receiver.spans.filter(
        (span) => span.traceId === caller.traceId && span.name.startsWith('pg '),
      );
      const inTrace = new Set(
        receiver.spans.filter((span) => span.traceId === caller.traceId).map((span) => span.spanId),
      );
      expect(ours.every((span) => inTrace.has(span.parentSpanId))).toBe(true);
      // No statement's text (it may hold values) is sent.
      expect(JSON.stringify(ours)).not.toMatch(/INSERT INTO|flagplane_/);
    },
    60_000,
  );
});
