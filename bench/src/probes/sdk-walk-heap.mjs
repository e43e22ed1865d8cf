/**
 * Heap growth of an SDK walk (`for await (const flag of client.flags.list(…, { limit }))`) against one
 * page held in memory, in a process of its own that does nothing else. Needs `--expose-gc`. After a
 * warm-up walk (code compiled, schemas built), each figure is heapUsed minus heapUsed after a full GC
 * just before it:
 * - one page: the growth with 10 pages held (the first 10 of `.pages()`), after a full GC, ÷ 10 (median of
 *   3): a page of small list items weighs well under 0.1 MB, close to what a single GC'd figure can resolve;
 * - the walk, retained: heapUsed after a full GC every `sample-every` flags (what the walk keeps alive);
 * - the walk, as sampled: heapUsed every `sample-every` flags with no forced GC (garbage included: what
 *   a process watching its heap would see);
 * - everything: every flag of the walk pushed into an array, after a full GC (what an unbounded walk holds).
 * Prints one JSON line.
 *
 *   node --expose-gc sdk-walk-heap.mjs --url URL --token TOKEN --flags N --limit 200 --sample-every 25
 */

import { ORG, PROJECT } from '../lib/data-file.mjs';
import { createClient } from '../lib/sdk.mjs';
import { median } from '../lib/stats.mjs';
import { cliOptions } from '../servers/child-protocol.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const options = cliOptions();
const limit = Number(options.limit);
const expected = Number(options.flags);
const every = Number(options['sample-every']);
const client = createClient({ baseUrl: options.url, token: options.token });
const heap = () => process.memoryUsage().heapUsed;
const settledHeap = () => {
  globalThis.gc();
  globalThis.gc();
  return heap();
};

/** Walks every flag; `onFlag(count)` after each; returns the count and the milliseconds taken. */
async function walk(onFlag = () => {}) {
  const started = performance.now();
  let count = 0;
  for await (const flag of client.flags.list(ORG, PROJECT, { limit })) {
    if (typeof flag.key !== 'string') throw new Error('a flag without a key');
    count++;
    onFlag(count, flag);
  }
  if (count !== expected) throw new Error(`walked ${count} flags, expected ${expected}`);
  return { count, ms: performance.now() - started };
}

await walk();

const PAGES_HELD = 10;
const onePage = [];
for (let i = 0; i < 3; i++) {
  const held = [];
  const before = settledHeap();
  for await (const page of client.flags.list(ORG, PROJECT, { limit }).pages()) {
    if (page.items.length !== limit) throw new Error(`a page of ${page.items.length}, expected ${limit}`);
    held.push(page);
    if (held.length === PAGES_HELD) break;
  }
  onePage.push((settledHeap() - before) / held.length);
}

const retained = { peak: 0, firstHalfPeak: 0, secondHalfPeak: 0, samples: 0 };
let before = settledHeap();
await walk((count) => {
  if (count % every !== 0) return;
  const growth = settledHeap() - before;
  retained.samples++;
  retained.peak = Math.max(retained.peak, growth);
  const half = count <= expected / 2 ? 'firstHalfPeak' : 'secondHalfPeak';
  retained[half] = Math.max(retained[half], growth);
});

const sampled = { peak: 0, samples: 0 };
before = settledHeap();
const timedWalk = await walk((count) => {
  if (count % every !== 0) return;
  sampled.samples++;
  sampled.peak = Math.max(sampled.peak, heap() - before);
});

const all = [];
before = settledHeap();
await walk((_, flag) => all.push(flag));
const everything = settledHeap() - before;
if (all.length !== expected) throw new Error('lost flags');

process.stdout.write(
  `${JSON.stringify({ onePage: median(onePage), onePageRuns: onePage, retained, sampled, everything, walkMs: timedWalk.ms })}\n`,
);
