/**
 * The event log's cost on writes (§19): 16 concurrent toggles at 10k flags on the durable file store with
 * events recorded, against the same server with the event log switched off (`recordEvents: false`, the
 * server's test-only switch). Each toggle adds one event to the same commit, so this shows whether the
 * log turned O(change) writes back into O(state) ones.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { problems, runLoad } from '../lib/autocannon-run.mjs';
import { startServer } from '../lib/child-server.mjs';
import { num, ratio } from '../lib/format.mjs';
import { median } from '../lib/stats.mjs';
import { toggleRequests } from '../lib/toggle-requests.mjs';
import { writeComparisonResult } from '../lib/write-comparison.mjs';

const TARGET = 0.8;
const FLAGS = 10_000;

export const eventLogWrites = {
  id: 'event-log-writes',
  title: '16 concurrent toggles at 10k flags with the event log on',
  measures:
    '`POST …/flags/<key>/environments/production/toggle` with 16 connections over 10k flags on the durable ' +
    'file store, each toggle recording its event in the same commit, against the same server on a copy of ' +
    'the same data with the event log switched off. Both servers run side by side and take turns, ' +
    'alternating which goes first. Target: at least 0.8× the toggles/s without events.',
  async run(ctx) {
    const { duration, connections } = ctx.settings.writes;
    const rounds = ctx.settings.eventLog.writeRounds;
    const pristine = await ctx.dataFile(FLAGS);
    const dir = ctx.work.file('event-log-writes');
    await mkdir(dir, { recursive: true });
    await copyFile(pristine, `${dir}/with-events.json`);
    await copyFile(pristine, `${dir}/without-events.json`);
    const servers = {
      events: await startServer('flagplane-server', {
        data: `${dir}/with-events.json`,
        identities: ctx.identityFile,
      }),
      none: await startServer('flagplane-server', {
        data: `${dir}/without-events.json`,
        identities: ctx.identityFile,
        'record-events': 0,
      }),
    };
    // One toggle sequence per server, kept across rounds: every request changes that server's document.
    const requests = { events: toggleRequests(FLAGS), none: toggleRequests(FLAGS) };
    try {
      const runs = { events: [], none: [] };
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ['events', 'none'] : ['none', 'events'];
        for (const which of order) {
          runs[which].push(
            await runLoad({
              url: servers[which].url,
              duration,
              connections,
              requests: requests[which],
              timeout: 60,
            }),
          );
        }
        const [e, n] = [runs.events.at(-1), runs.none.at(-1)];
        ctx.log(
          `  round ${round + 1}/${rounds}: ${num(e.requestsPerSecond)} vs ${num(n.requestsPerSecond)} toggles/s (${ratio(e.requestsPerSecond / n.requestsPerSecond)})`,
        );
      }
      const ratios = runs.events.map((e, index) => e.requestsPerSecond / runs.none[index].requestsPerSecond);
      const result = median(ratios);
      const recorded = runs.events.reduce((sum, run) => sum + run.ok, 0);
      const memory = { events: await servers.events.memory(), none: await servers.none.memory() };
      const notes = [
        `${connections} connections, ${rounds} rounds of ${duration} s per server, alternating which goes first; ratio = median of the per-round ratios (per round: ${ratios.map(num).join(', ')}).`,
        `The server with events recorded ${num(recorded)} of them during the run (one per toggle), on top of none at the start.`,
      ];
      for (const [name, list] of Object.entries(runs)) {
        const found = list.map(problems).filter(Boolean).join('; ');
        if (found) notes.push(`${name === 'events' ? 'With' : 'Without'} events: ${found}.`);
      }
      return writeComparisonResult({
        title: this.title,
        measures: this.measures,
        label: 'toggles/s vs the event log off, 10k flags',
        target: TARGET,
        result,
        subject: { name: 'events on', runs: runs.events, memory: memory.events },
        baseline: { name: 'events off', runs: runs.none, memory: memory.none },
        notes,
      });
    } finally {
      await servers.events.stop();
      await servers.none.stop();
    }
  },
};
