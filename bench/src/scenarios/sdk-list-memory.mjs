/**
 * Scenario 6: the heap an SDK walk over 10k flags needs (`for await` over `client.flags.list`, 200 per
 * page), against one page held in memory, measured in a fresh process of its own (src/probes/sdk-walk-heap.mjs).
 */
import { startServer } from '../lib/child-server.mjs';
import { TOKEN } from '../lib/data-file.mjs';
import { fmt, mb, ms, ratio } from '../lib/format.mjs';
import { runProbe } from '../lib/probe.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

/**
 * Bounded means a few pages, whatever the walk's length: the page being read, the next one arriving, the
 * walk's fixed state and V8's own 0.1–0.2 MB of drift between two full GCs (a page of 200 list items is
 * under 0.1 MB). An unbounded walk of 10k flags would reach 50× (every page: the last row of the table).
 */
const TARGET = 5;

export const sdkListMemory = {
  id: 'sdk-list-memory',
  title: 'SDK: walk 10k flags with for await',
  measures:
    "`for await (const flag of client.flags.list('acme', 'web', { limit: 200 }))` over a project of 10k " +
    'flags (50 pages) on the real server in its own process (memory store), in a fresh Node process with ' +
    '`--expose-gc` that does nothing else. Baseline: the heap growth of one page of 200 held in memory ' +
    '(10 pages of `client.flags.list(…, { limit: 200 }).pages()` held, after a full GC, ÷ 10). Walk: the peak growth of ' +
    '`process.memoryUsage().heapUsed` sampled during it, after a full GC at each sample (what the walk ' +
    'keeps alive) and with no forced GC (garbage included). Target: bounded, the retained peak at most 5× ' +
    'one page (holding all 50 pages would be 50×).',
  async run(ctx) {
    const { flags, limit, sampleEvery } = ctx.settings.walk;
    const server = await startServer('flagplane-server', {
      data: ':memory:',
      seed: await ctx.dataFile(flags),
      identities: ctx.identityFile,
    });
    let figures;
    try {
      figures = await runProbe(
        'sdk-walk-heap',
        { url: server.url, token: TOKEN, flags, limit, 'sample-every': sampleEvery },
        { nodeOptions: ['--expose-gc'] },
      );
    } finally {
      await server.stop();
    }
    const { onePage, retained, sampled, everything } = figures;
    const retainedRatio = retained.peak / onePage;
    const pass = retainedRatio <= TARGET;
    return {
      title: this.title,
      measures: this.measures,
      targets: [
        {
          label: 'peak retained heap growth of the walk vs one page',
          value: ratio(retainedRatio),
          target: `≤ ${TARGET}×`,
          pass,
        },
      ],
      tables: [
        {
          columns: targetColumns,
          rows: [
            [
              `peak heap growth, full GC at each sample (walk of ${fmt(flags)} vs one page of ${limit})`,
              mb(retained.peak),
              mb(onePage),
              ratio(retainedRatio),
              `≤ ${TARGET}×`,
              verdictAtMost(retainedRatio, TARGET),
            ],
            [
              'peak heap growth as sampled, no forced GC (garbage included)',
              mb(sampled.peak),
              mb(onePage),
              ratio(sampled.peak / onePage),
              'report only',
              '—',
            ],
            [
              'retained peak, first half of the walk / second half',
              `${mb(retained.firstHalfPeak)} / ${mb(retained.secondHalfPeak)}`,
              '',
              ratio(retained.secondHalfPeak / retained.firstHalfPeak),
              '',
              '',
            ],
            [
              `for scale: all ${fmt(flags)} flags kept in an array`,
              mb(everything),
              mb(onePage),
              ratio(everything / onePage),
              '',
              '',
            ],
          ],
        },
      ],
      notes: [
        `heapUsed sampled every ${sampleEvery} flags (${retained.samples} samples per walk), relative to heapUsed after a full GC just before the walk; one page: median of 3 (${figures.onePageRuns.map((b) => mb(b)).join(', ')}). Every figure follows a warm-up walk, so compiled code and the contract's schemas are already on the heap.`,
        `A bounded walk keeps the same peak from its first half to its second (ratio near 1×); an unbounded one would grow towards the last row. The walk itself took ${ms(figures.walkMs)} (${fmt(flags / (figures.walkMs / 1000))} flags/s, sampling without GC).`,
      ],
    };
  },
};
