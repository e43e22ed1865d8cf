/**
 * Reading the event log (§19) when it is large: `GET …/events?flag=…` on a store holding 1,000,000 events,
 * against `GET …/flags` (a page of 50 flags) on the same server. The query must find one flag's newest
 * events through the index, at a cost that does not depend on the size of the log.
 */
import { startServer } from '../lib/child-server.mjs';
import { compareThroughput, throughputRows } from '../lib/compare-throughput.mjs';
import { authorization, flagKey, ORG, projectPath } from '../lib/data-file.mjs';
import { fmt, num, ratio } from '../lib/format.mjs';
import { targetColumns } from '../lib/table.mjs';

const TARGET = 0.5;
const FLAGS = 50;

export const eventLogQuery = {
  id: 'event-log-query',
  title: 'GET the events of one flag from a log of 1,000,000 events',
  measures:
    '`GET /api/v1/orgs/acme/events?flag=flag-000007` (its newest page of 50 events) on a memory store of ' +
    '50 flags and 1,000,000 events (toggles spread over the flags, the last 7 days), against ' +
    '`GET …/projects/web/flags` (a page of 50 flags) on the same server, with 10 connections, alternating. ' +
    'Target: at least 0.5× the req/s of the flag list.',
  async run(ctx) {
    const load = ctx.settings.read;
    const eventCount = ctx.settings.eventLog.events;
    const started = Date.now();
    const server = await startServer('flagplane-server', {
      data: ':memory:',
      seed: await ctx.dataFile(FLAGS),
      identities: ctx.identityFile,
      'synthetic-events': eventCount,
    });
    const startSeconds = (Date.now() - started) / 1000;
    try {
      const eventsPath = `/api/v1/orgs/${ORG}/events?flag=${flagKey(7)}`;
      const flagsPath = `${projectPath}/flags`;
      const headers = { authorization };
      const events = await (await fetch(server.url + eventsPath, { headers })).json();
      const flags = await (await fetch(server.url + flagsPath, { headers })).json();
      if (events.items?.length !== 50 || flags.items?.length !== 50)
        throw new Error(
          `expected full pages of 50: got ${events.items?.length} events, ${flags.items?.length} flags`,
        );
      if (events.items.some((event) => event.resource.key !== flagKey(7)))
        throw new Error('the events page holds events of other flags');
      const result = await compareThroughput({
        subject: { server, url: server.url + eventsPath, headers },
        baseline: { server, url: server.url + flagsPath, headers },
        load,
        log: ctx.log,
      });
      const memory = await server.memory();
      const { subject: s, baseline: b } = result;
      const notes = [
        `${load.connections} connections, ${load.rounds} round(s) of ${load.duration} s per request after a ${load.warmup} s warm-up each, alternating which goes first; ratio = median of the per-round ratios${load.rounds > 1 ? ` (per round: ${result.ratios.values.map(num).join(', ')})` : ''}.`,
        `${fmt(eventCount)} events, ${fmt(eventCount / FLAGS)} per flag; the server took ${num(startSeconds)} s to start with them (generating and indexing included).`,
        `Bodies: ${fmt(Buffer.byteLength(JSON.stringify(events)))} bytes of events, ${fmt(Buffer.byteLength(JSON.stringify(flags)))} bytes of flags.`,
      ];
      if (s.problems) notes.push(`Events run problems: ${s.problems}.`);
      if (b.problems) notes.push(`Flags run problems: ${b.problems}.`);
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: 'req/s vs GET 50 flags, 1M events',
            value: ratio(result.ratio),
            target: `≥ ${TARGET}×`,
            pass: result.ratio >= TARGET,
          },
        ],
        tables: [
          {
            columns: targetColumns.map((column) =>
              column === 'Flagplane' ? 'events?flag=' : column === 'baseline' ? 'flags (50)' : column,
            ),
            rows: throughputRows(result, TARGET, memory, 'server CPU per request (ratio: flags ÷ events)'),
          },
        ],
        notes,
      };
    } finally {
      await server.stop();
    }
  },
};
