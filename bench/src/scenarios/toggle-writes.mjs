/**
 * Scenario 3: 16 concurrent toggles over many flags on the durable file store, at 1k / 10k / 100k flags,
 * against a naive lowdb server (`await db.write()` per request) on the same data. Also what one write costs
 * at idle for each, and how that grows with the size of the store.
 */
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { problems, runLoad } from '../lib/autocannon-run.mjs';
import { startServer } from '../lib/child-server.mjs';
import { mb, num, range, ratio } from '../lib/format.mjs';
import { runProbe } from '../lib/probe.mjs';
import { procMemory } from '../lib/process-timing.mjs';
import { summarize } from '../lib/stats.mjs';
import { verdict } from '../lib/table.mjs';
import { toggleRequests } from '../lib/toggle-requests.mjs';

const TARGET = 10;
const TARGET_SIZE = 10_000;
/** Fewer completed naive toggles than this in the fixed duration is not a rate (see `naiveEstimated`). */
const MIN_COMPLETED = 10;
const kilo = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));

async function loadPoint(ctx, engine, dataFile, flagCount) {
  const { duration, connections } = ctx.settings.writes;
  const server =
    engine === 'flagplane'
      ? await startServer('flagplane-server', { data: dataFile, identities: ctx.identityFile })
      : await startServer('naive-lowdb', { data: dataFile });
  try {
    const before = engine === 'flagplane' ? await server.stats() : null;
    // Long enough for requests queued behind a slow whole-file write; they are dropped at the end anyway.
    const run = await runLoad({
      url: server.url,
      duration,
      connections,
      requests: toggleRequests(flagCount),
      timeout: 300,
    });
    const memory = await procMemory(server.pid);
    let diskWrites = null;
    if (engine === 'flagplane') {
      const after = await server.stats();
      diskWrites = (after.fsyncs - before.fsyncs) / 2; // the file, then its directory
    }
    ctx.log(
      `  ${kilo(flagCount)} flags, ${engine}: ${num(run.requestsPerSecond)} toggles/s (${run.ok} in ${num(run.seconds)} s)${diskWrites === null ? '' : `, ${diskWrites} disk writes`}`,
    );
    return { run, memory, diskWrites };
  } finally {
    // The naive server may still be serializing a backlog of queued writes: no point waiting for it.
    await server.stop({ kill: engine !== 'flagplane' });
  }
}

async function idleCost(ctx, engine, pristine, dir) {
  const copy = `${dir}/${engine}-idle.json`;
  await copyFile(pristine, copy);
  const times = await runProbe('write-cost', {
    engine,
    data: copy,
    repeats: ctx.settings.writes.idleWrites,
  });
  return {
    write: summarize(times.write),
    stringify: summarize(times.stringify),
    bytes: (await stat(copy)).size,
  };
}

export const toggleWrites = {
  id: 'toggle-writes',
  title: '16 concurrent toggles on a durable store of 1k / 10k / 100k flags',
  measures:
    '`POST …/flags/<key>/environments/production/toggle` with 16 connections, each request toggling the ' +
    'next flag of the project to the opposite of its last value, for a fixed duration, on a data file of ' +
    '1k, 10k and 100k flags. Flagplane runs its durable file store (fsync before every 2xx, group commit); ' +
    'the baseline is a naive lowdb server on a copy of the same data doing `await db.write()` per request ' +
    "(lowdb's JSONFile: pretty JSON, temp file + rename, no fsync). Target: at least 10× the baseline's " +
    'toggles/s at 10k flags. The second table is one write at a time with no load: the per-write cost and ' +
    'how it grows with the store.',
  async run(ctx) {
    const { sizes, duration, connections } = ctx.settings.writes;
    const points = [];
    for (const flagCount of sizes) {
      const pristine = await ctx.dataFile(flagCount);
      const dir = ctx.work.file(`toggle-${flagCount}`);
      await mkdir(dir, { recursive: true });
      const copies = { flagplane: `${dir}/flagplane.json`, naive: `${dir}/naive.json` };
      await copyFile(pristine, copies.flagplane);
      await copyFile(pristine, copies.naive);
      const flagplane = await loadPoint(ctx, 'flagplane', copies.flagplane, flagCount);
      const naive = await loadPoint(ctx, 'naive', copies.naive, flagCount);
      const idle = {
        flagplane: await idleCost(ctx, 'flagplane', pristine, dir),
        naive: await idleCost(ctx, 'lowdb', pristine, dir),
      };
      ctx.log(
        `  ${kilo(flagCount)} flags, one write at idle: Flagplane ${num(idle.flagplane.write.median)} ms, lowdb ${num(idle.naive.write.median)} ms`,
      );
      // Too few completions in the fixed duration to be a rate (100k flags): use the naive server's best
      // case instead, one write at a time at its idle per-write cost, which makes the ratio a lower bound.
      const naiveEstimated = naive.run.ok < MIN_COMPLETED;
      const naiveRate = naiveEstimated ? 1000 / idle.naive.write.median : naive.run.requestsPerSecond;
      points.push({
        flagCount,
        flagplane,
        naive,
        idle,
        naiveEstimated,
        naiveRate,
        ratio: flagplane.run.requestsPerSecond / naiveRate,
      });
    }

    const targets = [];
    const mainRows = points.map((p) => {
      const target = p.flagCount === TARGET_SIZE ? TARGET : null;
      if (target !== null) {
        targets.push({
          label: `toggles/s vs naive lowdb, ${kilo(p.flagCount)} flags`,
          value: ratio(p.ratio),
          target: `≥ ${target}×`,
          pass: p.ratio >= target,
        });
      }
      return [
        `toggles/s, ${kilo(p.flagCount)} flags`,
        num(p.flagplane.run.requestsPerSecond),
        p.naiveEstimated
          ? `≤ ${num(p.naiveRate)} (est.; measured ${p.naive.run.ok} in ${num(p.naive.run.seconds)} s)`
          : num(p.naiveRate),
        p.naiveEstimated ? `≥ ${ratio(p.ratio)}` : ratio(p.ratio),
        target === null ? 'report only' : `≥ ${target}×`,
        verdict(p.ratio, target),
      ];
    });

    const loadRows = points.map((p) => {
      const f = p.flagplane;
      const seconds = f.run.seconds;
      return [
        kilo(p.flagCount),
        num(f.run.requestsPerSecond),
        f.diskWrites === null ? 'n/a' : num(f.diskWrites / seconds),
        f.diskWrites ? num(f.run.ok / f.diskWrites) : 'n/a',
        f.diskWrites ? `${num((seconds * 1000) / f.diskWrites)} ms` : 'n/a',
        `${num(f.run.latencyMs.p50)} / ${num(f.run.latencyMs.p99)} ms`,
        mb(f.memory.rss),
        p.naive.run.ok === 0
          ? 'n/a (none completed)'
          : `${num(p.naive.run.latencyMs.p50)} / ${num(p.naive.run.latencyMs.p99)} ms`,
        mb(p.naive.memory.rss),
      ];
    });

    const idleRows = points.map((p, i) => {
      const previous = points[i - 1];
      const growth = (now, before) => (before ? ` (${ratio(now / before)})` : '');
      const f = p.idle.flagplane;
      const n = p.idle.naive;
      return [
        kilo(p.flagCount),
        `${mb(f.bytes)} / ${mb(n.bytes)}`,
        `${range(f.write)} ms${growth(f.write.median, previous?.idle.flagplane.write.median)}`,
        `${num(f.stringify.median)} ms`,
        `${num((f.write.median * 1000) / p.flagCount)} µs`,
        `${range(n.write)} ms${growth(n.write.median, previous?.idle.naive.write.median)}`,
        `${num(n.stringify.median)} ms`,
        `${num((n.write.median * 1000) / p.flagCount)} µs`,
      ];
    });

    const notes = [
      `${connections} connections, ${duration} s per point, one run per point (each server started fresh on its own copy of the data). ` +
        `When the naive server completes fewer than ${MIN_COMPLETED} toggles in the fixed duration (at 100k flags every request serializes the whole document, about a second each, and 16 queue up), its figure is its best case instead, 1 ÷ its idle per-write cost, marked “est.”, and the ratio is a lower bound (≥).`,
      'Disk writes are counted from the server process’s fsyncs (two per commit: the file and its directory); “toggles per disk write” is the group commit at work, and “time per disk write” is the run length divided by the disk writes (the flush loop never idles under this load).',
      `Idle writes: median (min–max) of ${ctx.settings.writes.idleWrites} single writes, each ${'`store.write`'} of one flag (Flagplane) or one ${'`db.write()`'} (lowdb); “×” is the growth from the previous size; “per flag” divides by the store size.`,
    ];
    for (const p of points) {
      const fp = problems(p.flagplane.run);
      const nv = problems(p.naive.run);
      if (fp) notes.push(`Flagplane at ${kilo(p.flagCount)} flags: ${fp}.`);
      if (nv) notes.push(`Naive lowdb at ${kilo(p.flagCount)} flags: ${nv}.`);
    }

    return {
      title: this.title,
      measures: this.measures,
      targets,
      tables: [
        {
          columns: ['measure', 'Flagplane', 'baseline (naive lowdb)', 'ratio', 'target', 'result'],
          rows: mainRows,
        },
        {
          caption: 'Under load',
          columns: [
            'flags',
            'Flagplane toggles/s',
            'disk writes/s',
            'toggles per disk write',
            'time per disk write',
            'Flagplane p50 / p99',
            'Flagplane RSS after',
            'naive p50 / p99',
            'naive RSS after',
          ],
          rows: loadRows,
        },
        {
          caption: 'One write at idle (cost per write and its growth with the store)',
          columns: [
            'flags',
            'file: compact / pretty',
            'Flagplane write (fsync’d)',
            'of which JSON.stringify',
            'per flag',
            'lowdb db.write()',
            'of which JSON.stringify(…, null, 2)',
            'per flag',
          ],
          rows: idleRows,
        },
      ],
      notes,
    };
  },
};
