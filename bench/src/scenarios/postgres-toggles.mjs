/**
 * Writes on the PostgreSQL store (§22): 16 concurrent toggles at 10k flags on one server process on
 * PostgreSQL, against the same server on the durable file store (same data, same run, alternating), and,
 * reported beside them, two server processes sharing one database with the same 16 connections split
 * over both.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { problems, runLoad } from '../lib/autocannon-run.mjs';
import { startServer } from '../lib/child-server.mjs';
import { num, range, ratio } from '../lib/format.mjs';
import { median, summarize } from '../lib/stats.mjs';
import { toggleRequests } from '../lib/toggle-requests.mjs';
import { writeComparisonResult } from '../lib/write-comparison.mjs';
import { requireDatabase } from './read-vs-bare.mjs';

const TARGET = 0.6;
/** Two processes on one database against one (issue #33): writes from both should add up. */
const PAIR_TARGET = 1.2;
const FLAGS = 10_000;

export const postgresToggles = {
  id: 'postgres-toggles',
  title: '16 concurrent toggles at 10k flags on PostgreSQL',
  measures:
    '`POST …/flags/<key>/environments/production/toggle` with 16 connections over 10k flags: one server ' +
    'process on the PostgreSQL store (each write batch one transaction: the write lock, the changes of ' +
    'other processes, the records, the event and a change row, committed with fsync) against the same ' +
    'server on the durable file store on a copy of the same data, taking turns. Reported beside them: two ' +
    'server processes on one database, 8 of the 16 connections each, each toggling its own half of the ' +
    'flags (writes that do not depend on each other). Targets (issue #33): PostgreSQL at ' +
    'least 0.6× the file store’s toggles/s, and two processes at least 1.2× one.',
  async run(ctx) {
    const { duration, connections } = ctx.settings.writes;
    const rounds = ctx.settings.eventLog.writeRounds;
    const pristine = await ctx.dataFile(FLAGS);
    const dir = ctx.work.file('postgres-toggles');
    await mkdir(dir, { recursive: true });
    await copyFile(pristine, `${dir}/file-store.json`);
    const [single, shared] = [await requireDatabase(ctx), await requireDatabase(ctx)];
    const common = { identities: ctx.identityFile };
    const servers = {
      file: await startServer('flagplane-server', { ...common, data: `${dir}/file-store.json` }),
      postgres: await startServer('flagplane-server', { ...common, database: single, seed: pristine }),
    };
    // The second process starts once the first has loaded the seed into the shared database.
    const pair = [await startServer('flagplane-server', { ...common, database: shared, seed: pristine })];
    pair.push(await startServer('flagplane-server', { ...common, database: shared }));
    const requests = {
      file: toggleRequests(FLAGS),
      postgres: toggleRequests(FLAGS),
      // Each process its own half of the flags: writes the data allows to commit side by side (#33).
      pair: [toggleRequests(FLAGS / 2), toggleRequests(FLAGS / 2, FLAGS / 2)],
    };
    const load = (server, list, connectionCount) =>
      runLoad({ url: server.url, duration, connections: connectionCount, requests: list, timeout: 60 });
    try {
      const runs = { file: [], postgres: [], pair: [] };
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ['postgres', 'file'] : ['file', 'postgres'];
        for (const which of order) runs[which].push(await load(servers[which], requests[which], connections));
        const halves = await Promise.all(
          pair.map((server, index) => load(server, requests.pair[index], connections / 2)),
        );
        runs.pair.push(halves);
        const [p, f] = [runs.postgres.at(-1), runs.file.at(-1)];
        ctx.log(
          `  round ${round + 1}/${rounds}: PostgreSQL ${num(p.requestsPerSecond)}, file ${num(f.requestsPerSecond)} toggles/s (${ratio(p.requestsPerSecond / f.requestsPerSecond)}); two processes ${num(pairRate(halves))}`,
        );
      }
      const ratios = runs.postgres.map(
        (p, index) => p.requestsPerSecond / runs.file[index].requestsPerSecond,
      );
      const result = median(ratios);
      const pairRatios = runs.pair.map(
        (halves, index) => pairRate(halves) / runs.postgres[index].requestsPerSecond,
      );
      const pairResult = median(pairRatios);
      const memory = { postgres: await servers.postgres.memory(), file: await servers.file.memory() };
      const notes = [
        `${connections} connections, ${rounds} rounds of ${duration} s per server, alternating which goes first; ratio = median of the per-round ratios (per round: ${ratios.map(num).join(', ')}).`,
        `Two processes on one database, 8 connections each (flags 0–4,999 and 5,000–9,999), the same ${duration} s per round: ${range(summarize(runs.pair.map(pairRate)))} toggles/s in all, ${num(pairResult)}× one process on PostgreSQL (per round: ${pairRatios.map(num).join(', ')}). A batch commits in one round trip after the other process's changes it did not depend on; the commits themselves (the check, the rows, the WAL flush) take turns under the write lock inside PostgreSQL.`,
        'PostgreSQL runs on the same 2 cores as the servers and the load generator, with fsync and synchronous_commit on.',
      ];
      for (const [name, list] of Object.entries(runs)) {
        const found = list.flat().map(problems).filter(Boolean).join('; ');
        if (found) notes.push(`${name}: ${found}.`);
      }
      const comparison = writeComparisonResult({
        title: this.title,
        measures: this.measures,
        label: 'toggles/s vs the file store, 10k flags',
        target: TARGET,
        result,
        subject: { name: 'PostgreSQL', runs: runs.postgres, memory: memory.postgres },
        baseline: { name: 'file store', runs: runs.file, memory: memory.file },
        notes,
      });
      comparison.targets.push({
        label: 'two processes vs one, toggles/s on PostgreSQL',
        value: ratio(pairResult),
        target: `≥ ${PAIR_TARGET}×`,
        pass: pairResult >= PAIR_TARGET,
      });
      return comparison;
    } finally {
      await Promise.all([...Object.values(servers), ...pair].map((server) => server.stop()));
    }
  },
};

/** Toggles per second of both processes together. */
function pairRate(halves) {
  return halves.reduce((sum, run) => sum + run.requestsPerSecond, 0);
}
