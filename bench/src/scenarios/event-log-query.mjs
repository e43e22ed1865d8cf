/**
 * The event log when it is large (§19, issue #34): a server whose store holds 1,000,000 events, on the
 * durable file store and on PostgreSQL. How long it takes to start, what it holds in memory, and
 * `GET …/events?flag=…` against `GET …/flags` (a page of 50 flags) on the same server: the query must
 * find one flag's newest events through an index (the file store's segment index, PostgreSQL's), at a
 * cost that does not depend on the size of the log, without the log in memory.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput, throughputRows } from '../lib/compare-throughput.mjs';
import { authorization, flagKey, ORG, projectPath } from '../lib/data-file.mjs';
import { fmt, mb, num, ratio } from '../lib/format.mjs';
import { insertSyntheticEvents } from '../lib/postgres-events.mjs';
import { median } from '../lib/stats.mjs';
import { writeEventLogDataFile } from '../lib/synthetic-events.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

const TARGET = 0.5;
const MAX_RSS_MB = 400;
const MAX_START_SECONDS = 3;
const FLAGS = 50;

/** Starts the server on `where` and times it from spawn to ready. */
async function timedStart(ctx, where) {
  const started = Date.now();
  const server = await startServer('flagplane-server', { ...where, identities: ctx.identityFile });
  return { server, seconds: (Date.now() - started) / 1000 };
}

/** The store holding the events, prepared (and started once, untimed) before the timed start. */
const stores = {
  async file(ctx, eventCount) {
    const dir = ctx.work.file('event-log-query');
    await mkdir(dir, { recursive: true });
    const path = `${dir}/flagplane.json`;
    const seed = JSON.parse(await readFile(await ctx.dataFile(FLAGS), 'utf8'));
    await writeEventLogDataFile(path, seed, eventCount);
    // The first start indexes the segment (a log written before indexes existed); timed for the notes.
    const first = await timedStart(ctx, { data: path });
    await first.server.stop();
    return {
      where: { data: path },
      preparation: `the first start, indexing the segment once, took ${num(first.seconds)} s`,
    };
  },
  async postgres(ctx, eventCount) {
    const url = await ctx.postgresDatabase();
    if (!url) return null;
    const first = await timedStart(ctx, { database: url, seed: await ctx.dataFile(FLAGS) });
    await first.server.stop();
    const seconds = await insertSyntheticEvents(
      url,
      JSON.parse(await readFile(await ctx.dataFile(FLAGS), 'utf8')),
      eventCount,
    );
    return {
      where: { database: url },
      preparation: `${fmt(eventCount)} events inserted by SQL in ${num(seconds)} s`,
    };
  },
};

export const eventLogQuery = {
  id: 'event-log-query',
  title: 'A log of 1,000,000 events: start, memory, and GET the events of one flag',
  measures:
    'A server on the durable file store (events in a segment beside the data file) and one on PostgreSQL, ' +
    'each holding 50 flags and 1,000,000 events (toggles spread over the flags, the last 7 days): the time ' +
    'from spawning the server to its first answer, its resident memory after the run, and ' +
    '`GET /api/v1/orgs/acme/events?flag=flag-000007` (its newest page of 50 events) against ' +
    '`GET …/projects/web/flags` (a page of 50 flags) on the same server, with 10 connections, alternating; ' +
    'the start is the median of a few (3 in the quick run). ' +
    `Targets: start ≤ ${MAX_START_SECONDS} s, resident memory ≤ ${MAX_RSS_MB} MB, at least ${TARGET}× the req/s of the flag list.`,
  async run(ctx) {
    const load = ctx.settings.read;
    const eventCount = ctx.settings.eventLog.events;
    const targets = [];
    const tables = [];
    const notes = [
      `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per request after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios.`,
    ];
    for (const [name, prepare] of Object.entries(stores)) {
      const label = name === 'file' ? 'file store' : 'PostgreSQL';
      ctx.log(`  ${label}: preparing ${fmt(eventCount)} events`);
      const prepared = await prepare(ctx, eventCount);
      if (prepared === null) {
        notes.push(`${label}: not run (PostgreSQL is not installed).`);
        continue;
      }
      // The machine may be shared: the median of a few starts (each stopped but the last, which is measured).
      const starts = [];
      let server;
      for (let run = 0; run < ctx.settings.start.runs; run++) {
        if (server) await server.stop();
        const started = await timedStart(ctx, prepared.where);
        server = started.server;
        starts.push(started.seconds);
      }
      const seconds = median(starts);
      try {
        const eventsPath = `/api/v1/orgs/${ORG}/events?flag=${flagKey(7)}`;
        const flagsPath = `${projectPath}/flags`;
        const headers = { authorization };
        const events = await (await fetch(server.url + eventsPath, { headers })).json();
        const flags = await (await fetch(server.url + flagsPath, { headers })).json();
        if (events.items?.length !== 50 || flags.items?.length !== 50)
          throw new Error(
            `${label}: expected full pages of 50: got ${events.items?.length} events, ${flags.items?.length} flags`,
          );
        if (events.items.some((event) => event.resource.key !== flagKey(7)))
          throw new Error(`${label}: the events page holds events of other flags`);
        const result = await compareThroughput({
          subject: { server, url: server.url + eventsPath, headers },
          baseline: { server, url: server.url + flagsPath, headers },
          load,
          log: ctx.log,
        });
        const memory = await server.memory();
        const rssMb = memory.rss / 1024 / 1024;
        targets.push(
          {
            label: `${label}: start with 1M events`,
            value: `${num(seconds)} s`,
            target: `≤ ${MAX_START_SECONDS} s`,
            pass: seconds <= MAX_START_SECONDS,
          },
          {
            label: `${label}: resident memory with 1M events`,
            value: mb(memory.rss),
            target: `≤ ${MAX_RSS_MB} MB`,
            pass: rssMb <= MAX_RSS_MB,
          },
          {
            label: `${label}: events?flag= req/s vs GET 50 flags`,
            value: ratio(result.ratio),
            target: `≥ ${TARGET}×`,
            pass: result.ratio >= TARGET,
          },
        );
        tables.push({
          caption: label,
          columns: targetColumns.map((column) =>
            column === 'Flagplane' ? 'events?flag=' : column === 'baseline' ? 'flags (50)' : column,
          ),
          rows: [
            ...throughputRows(result, TARGET, memory, 'server CPU per request (ratio: flags ÷ events)'),
            [
              'start (spawn to ready)',
              `${num(seconds)} s`,
              '',
              '',
              `≤ ${MAX_START_SECONDS} s`,
              verdictAtMost(seconds, MAX_START_SECONDS),
            ],
            [
              'resident memory',
              mb(memory.rss),
              '',
              '',
              `≤ ${MAX_RSS_MB} MB`,
              verdictAtMost(rssMb, MAX_RSS_MB),
            ],
          ],
        });
        notes.push(
          `${label}: ${fmt(eventCount)} events, ${fmt(eventCount / FLAGS)} per flag; ${prepared.preparation}; starts (spawn to ready, the median is the target's): ${starts.map((value) => `${num(value)} s`).join(', ')}. Per-round ratios: ${result.ratios.values.map(num).join(', ')}. Bodies: ${fmt(Buffer.byteLength(JSON.stringify(events)))} bytes of events, ${fmt(Buffer.byteLength(JSON.stringify(flags)))} bytes of flags.`,
        );
        if (result.subject.problems) notes.push(`${label}: events run problems: ${result.subject.problems}.`);
        if (result.baseline.problems)
          notes.push(`${label}: flags run problems: ${result.baseline.problems}.`);
      } finally {
        await server.stop();
      }
    }
    return { title: this.title, measures: this.measures, targets, tables, notes };
  },
};
