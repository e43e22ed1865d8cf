/**
 * Push (§24): how long a change takes to reach 1,000 open change streams, what an open stream costs the
 * server, and the same with the streams split over two server processes on one PostgreSQL database
 * (LISTEN/NOTIFY). For scale, beside it: applications that poll instead.
 */
import { startServer } from '../lib/child-server.mjs';
import { authorization, flagKey, projectPath, togglePath } from '../lib/data-file.mjs';
import { fmt, mb, ms, num, ratio } from '../lib/format.mjs';
import { startPollers } from '../lib/pollers.mjs';
import { createServerSideKey } from '../lib/sdk-key.mjs';
import { arrivalsAfter, holdStreams } from '../lib/stream-holders.mjs';
import { requireDatabase } from './read-vs-bare.mjs';

const P99_TARGET_MS = 1_000;
const BYTES_PER_STREAM_TARGET = 64 * 1024;
const FLAGS = 50;

export const changeStreams = {
  id: 'change-streams',
  title: 'A change reaching 1,000 open change streams',
  measures:
    '1,000 `GET /api/v1/sdk/stream` connections held open on one server process (memory store, 50 flags), ' +
    'then toggles of one flag in their environment: the time from each toggle’s 2xx to each stream’s ' +
    '`refetchEvaluation` (p50, p99; target p99 ≤ 1 s), and the server’s memory per open stream (RSS and ' +
    'heap after a GC, with 1,000 streams against none; target ≤ 64 KB). Then the same streams split over ' +
    'two processes on one PostgreSQL database, toggled through one of them (target p99 ≤ 1 s). Beside ' +
    'them, for scale: applications polling with an ETag, and how long they take to see the same change.',
  async run(ctx) {
    const { streams: count, toggles, pollers, pollIntervalMs } = ctx.settings.push;
    const seed = await ctx.dataFile(FLAGS);
    const one = await measureOneProcess(ctx, { seed, count, toggles });
    const two = await measureTwoProcesses(ctx, { seed, count, toggles });
    const polling = await measurePolling(ctx, { seed, count: pollers, intervalMs: pollIntervalMs });

    const perStream = (one.memoryAfter.rss - one.memoryBefore.rss) / count;
    const heapPerStream =
      (one.memoryAfter.heapUsed +
        one.memoryAfter.external -
        one.memoryBefore.heapUsed -
        one.memoryBefore.external) /
      count;
    const targets = [
      target('one process: p99 from a toggle to a stream’s event', one.p99, P99_TARGET_MS, ms),
      target('memory per open stream (server RSS)', perStream, BYTES_PER_STREAM_TARGET, kb),
      target('two processes on PostgreSQL: p99', two.p99, P99_TARGET_MS, ms),
    ];
    const defaultPollMeanMs = 15_000;
    return {
      title: this.title,
      measures: this.measures,
      targets,
      tables: [
        {
          columns: ['measure', 'Flagplane', 'target', 'result'],
          rows: targets.map((row) => [row.label, row.value, row.target, row.pass ? 'PASS' : 'FAIL']),
        },
        {
          caption: 'From a toggle to each stream’s event: from its request going out, and from its 2xx',
          columns: [
            'where',
            'streams',
            'events',
            'p50',
            'p99',
            'max',
            'from the 2xx: p50',
            'p99',
            'told before the 2xx',
          ],
          rows: [
            latencyRow('one process (memory store)', one, count),
            latencyRow('two processes, streams on the writer', two.writer, count / 2),
            latencyRow('two processes, streams on the other (NOTIFY)', two.other, count / 2),
          ],
        },
        {
          caption: 'The whole trip: from a toggle to 1,000 applications holding the new flags (one toggle)',
          columns: ['where', 'applications', 'p50', 'p99', 'max'],
          rows: [
            [
              'one process: told by the stream, then GET /api/v1/sdk/flags with the ETag held',
              fmt(count),
              ms(one.refetched.p50),
              ms(one.refetched.p99),
              ms(one.refetched.max),
            ],
          ],
        },
        {
          caption: 'For scale: polling instead of streaming',
          columns: ['how', 'mean time to see a change', 'vs streaming p50', 'requests while nothing changes'],
          rows: [
            [
              'streaming (1,000 applications, from the request)',
              ms(one.p50),
              '1×',
              '0 (a comment line every 15 s)',
            ],
            [
              `polling every ${fmt(pollIntervalMs / 1000, 1)} s (${fmt(pollers)} pollers, measured)`,
              ms(polling.mean),
              ratio(polling.mean / one.p50),
              `${fmt((1000 / pollIntervalMs) * 1000)}/s for 1,000 applications`,
            ],
            [
              'polling every 30 s (the provider’s default; half the interval)',
              ms(defaultPollMeanMs),
              ratio(defaultPollMeanMs / one.p50),
              '33/s for 1,000 applications',
            ],
          ],
        },
      ],
      notes: [
        `${fmt(count)} streams on one SDK key, opened 100 at a time by the bench process, one connection each; ${toggles} toggles, each once every stream had heard the one before and 100 ms later. An event is timed when the bench process reads it, so the figures include the bench reading 1,000 sockets on the same 2 cores.`,
        `Server memory with no stream open: RSS ${mb(one.memoryBefore.rss)}, heap ${mb(one.memoryBefore.heapUsed)}; with ${fmt(count)}: RSS ${mb(one.memoryAfter.rss)}, heap ${mb(one.memoryAfter.heapUsed)} (after a GC each time). Per stream: ${kb(perStream)} of RSS, ${kb(heapPerStream)} of heap and external memory.`,
        `Server CPU per toggle with ${fmt(count)} streams open (the write, and telling every stream): ${ms(one.cpuMsPerToggle)}.`,
        'The targets are held to the time from the toggle’s request going out, which includes the write itself and so is never less than the time from its 2xx. Measured from the 2xx, an event read before the bench had read the answer counts as 0 ms (the last column counts them).',
        'The whole trip adds what every application does next: 1,000 fetches of the environment arriving at once (each a new 200, not a 304), answered by the same process.',
        `Two processes: ${fmt(count / 2)} streams on each, toggled through the first; the second hears of each commit through PostgreSQL’s NOTIFY and compares its environments’ versions.`,
        `Polling: ${fmt(pollers)} pollers asking \`GET /api/v1/sdk/flags\` with \`If-None-Match\` every ${fmt(pollIntervalMs / 1000, 1)} s at random phases; a poller sees a change at its next poll, so the mean is about half the interval whatever the server does.`,
      ],
    };
  },
};

function target(label, value, limit, unit) {
  return { label, value: unit(value), target: `≤ ${unit(limit)}`, pass: value <= limit };
}

const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`;

function latencyRow(where, measured, streams) {
  return [
    where,
    fmt(streams),
    fmt(measured.events),
    ms(measured.p50),
    ms(measured.p99),
    ms(measured.max),
    ms(measured.answer.p50),
    ms(measured.answer.p99),
    fmt(measured.answer.early),
  ];
}

/** p50, p99, max of latencies (negative ones, told before the 2xx was read, count as 0). */
function percentiles(latencies) {
  const sorted = latencies.map((value) => Math.max(0, value)).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    events: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1),
    early: latencies.filter((value) => value < 0).length,
  };
}

/** Whether flag 0 is on in production now (a toggle to the state it is in changes nothing: a 204). */
async function isEnabled(server) {
  const response = await fetch(`${server.url}${projectPath}/flags/${flagKey(0)}/environments/production`, {
    headers: { authorization },
  });
  if (response.status !== 200) throw new Error(`reading flag 0 answered ${response.status}`);
  return (await response.json()).isEnabled;
}

/** Toggles flag 0 through `server`; when (performance.now()) the request went and its 2xx was read. */
async function toggle(server, enabled) {
  const sentAt = performance.now();
  const response = await fetch(server.url + togglePath(flagKey(0)), {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  await response.arrayBuffer();
  if (response.status !== 204) throw new Error(`a toggle answered ${response.status}`);
  return { sentAt, answeredAt: performance.now() };
}

/**
 * `toggles` toggles through `writer`, each timed on every stream: for every event (toggle after toggle,
 * in stream order) the milliseconds from the toggle's request going out and from its 2xx being read.
 */
async function toggleAndTime(writer, streams, toggles, log) {
  const fromRequest = [];
  const fromAnswer = [];
  let enabled = await isEnabled(writer);
  for (let round = 0; round < toggles; round++) {
    const previous = streams.map((stream) => stream.lastId);
    enabled = !enabled;
    const { sentAt, answeredAt } = await toggle(writer, enabled);
    const arrivals = await arrivalsAfter(streams, previous);
    fromRequest.push(...arrivals.map((at) => at - sentAt));
    fromAnswer.push(...arrivals.map((at) => at - answeredAt));
    const { p50, p99 } = percentiles(arrivals.map((at) => at - sentAt));
    log(`  toggle ${round + 1}/${toggles}: from the request, p50 ${ms(p50)}, p99 ${ms(p99)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { fromRequest, fromAnswer };
}

/**
 * One more toggle, and every stream does what an application does when told: fetches the environment
 * with the ETag it holds. Milliseconds from the toggle's request to each application holding the new
 * flags: the whole trip, the 1,000 fetches arriving together included.
 */
async function toggleAndRefetch(server, streams, key, log) {
  const held = streams.map((stream) => stream.lastId);
  const fetched = streams.map(
    (stream, index) =>
      new Promise((resolve, reject) => {
        stream.onEvent = () => {
          stream.onEvent = null;
          fetch(`${server.url}/api/v1/sdk/flags`, {
            headers: { authorization: `Bearer ${key}`, 'if-none-match': `"${held[index]}"` },
          })
            .then(async (response) => {
              await response.arrayBuffer();
              if (response.status !== 200) throw new Error(`a refetch answered ${response.status}`);
              resolve(performance.now());
            })
            .catch(reject);
        };
      }),
  );
  const { sentAt } = await toggle(server, !(await isEnabled(server)));
  const times = (await Promise.all(fetched)).map((at) => at - sentAt);
  const summary = percentiles(times);
  log(`  toggle and refetch: p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}`);
  return summary;
}

/** Percentiles of both measures. */
function latencySummary({ fromRequest, fromAnswer }) {
  return { ...percentiles(fromRequest), answer: percentiles(fromAnswer) };
}

async function measureOneProcess(ctx, { seed, count, toggles }) {
  const server = await startServer(
    'flagplane-server',
    { data: ':memory:', seed, identities: ctx.identityFile },
    { nodeOptions: ['--expose-gc'] },
  );
  let streams = [];
  try {
    const key = await createServerSideKey(server.url);
    // Warm the paths a stream takes before the first memory reading.
    for (const stream of await holdStreams({ baseUrl: server.url, key, count: 10 })) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const memoryBefore = await server.memory();
    streams = await holdStreams({ baseUrl: server.url, key, count });
    const memoryAfter = await server.memory();
    ctx.log(`  ${fmt(count)} streams open: server RSS ${mb(memoryBefore.rss)} → ${mb(memoryAfter.rss)}`);
    const cpuBefore = await server.cpuMicros();
    const latencies = await toggleAndTime(server, streams, toggles, ctx.log);
    const cpuMsPerToggle = ((await server.cpuMicros()) - cpuBefore) / 1000 / toggles;
    const refetched = await toggleAndRefetch(server, streams, key, ctx.log);
    return { ...latencySummary(latencies), memoryBefore, memoryAfter, cpuMsPerToggle, refetched };
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
  }
}

async function measureTwoProcesses(ctx, { seed, count, toggles }) {
  const database = await requireDatabase(ctx);
  const common = { database, identities: ctx.identityFile };
  // The second process starts once the first has loaded the seed into the shared database.
  const writer = await startServer('flagplane-server', { ...common, seed });
  const other = await startServer('flagplane-server', common).catch(async (error) => {
    await writer.stop();
    throw error;
  });
  const held = { writer: [], other: [] };
  try {
    const key = await createServerSideKey(writer.url);
    held.writer = await holdStreams({ baseUrl: writer.url, key, count: count / 2 });
    held.other = await holdStreams({ baseUrl: other.url, key, count: count / 2 });
    const all = [...held.writer, ...held.other];
    const latencies = await toggleAndTime(writer, all, toggles, ctx.log);
    const onWriter = (_, index) => index % all.length < held.writer.length;
    const part = (keep) => ({
      fromRequest: latencies.fromRequest.filter(keep),
      fromAnswer: latencies.fromAnswer.filter(keep),
    });
    return {
      ...latencySummary(latencies),
      writer: latencySummary(part(onWriter)),
      other: latencySummary(part((value, index) => !onWriter(value, index))),
    };
  } finally {
    for (const stream of [...held.writer, ...held.other]) stream.close();
    await Promise.all([writer.stop(), other.stop()]);
  }
}

async function measurePolling(ctx, { seed, count, intervalMs }) {
  const server = await startServer('flagplane-server', {
    data: ':memory:',
    seed,
    identities: ctx.identityFile,
  });
  try {
    const pollers = startPollers({
      baseUrl: server.url,
      key: await createServerSideKey(server.url),
      count,
      intervalMs,
    });
    await pollers.start();
    // Let the random phases settle into a steady rhythm before the change.
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const { answeredAt } = await toggle(server, !(await isEnabled(server)));
    const times = await pollers.timesToSee(answeredAt);
    pollers.stop();
    const mean = times.reduce((sum, value) => sum + Math.max(0, value), 0) / times.length;
    ctx.log(`  ${fmt(count)} pollers every ${num(intervalMs / 1000)} s: mean ${ms(mean)} to see the change`);
    return { mean };
  } finally {
    await server.stop();
  }
}
