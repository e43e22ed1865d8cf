/**
 * Scenario 11: synthesizing a CDKTF stack of 1,000 flags × 3 environments declared with the constructs,
 * against synthesizing as many bare null_resources with triggers of the same sizes: each synth a fresh
 * `node src/probes/cdktf-synth.mjs` process, interleaved.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { triggerShape } from '../lib/cdktf-bare-stack.mjs';
import { fmt, mb, ms, pct, range, ratio } from '../lib/format.mjs';
import { benchRoot } from '../lib/paths.mjs';
import { repeatInterleaved, timeUntilExitWithOutput } from '../lib/process-timing.mjs';
import { median, summarize } from '../lib/stats.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

const TARGET = 1.5;
const probe = join(benchRoot, 'src', 'probes', 'cdktf-synth.mjs');

/** What a synthesized stack holds: its null_resources, the text of their triggers, the file's size. */
async function inspectStack(outdir) {
  const text = await readFile(join(outdir, 'stacks', 'flags', 'cdk.tf.json'), 'utf8');
  const json = JSON.parse(text);
  const shape = triggerShape(json);
  const triggerChars = shape.reduce(
    (sum, triggers) => sum + Object.values(triggers).reduce((a, b) => a + b, 0),
    0,
  );
  return { shape, nullResources: shape.length, triggerChars, bytes: Buffer.byteLength(text) };
}

export const cdktfSynth = {
  id: 'cdktf-synth',
  title: 'CDKTF synth of 1,000 flags × 3 environments',
  measures:
    'Time from spawning `node src/probes/cdktf-synth.mjs` to its exit: a CDKTF app (cdktf 0.21, `app.synth()`, ' +
    'no cdktf-cli) declaring with `@flagplane/cdktf` one `Flagplane`, a project with 3 environments and a ' +
    'segment, and 1,000 Boolean flags each configured in the 3 environments (enabled in some; every 10th ' +
    'with targeting rules, every 25th a percentage rollout, every 100th a prerequisite), validated as one ' +
    'desired state at synth. Baseline: the same app synthesizing as many bare `null_resource`s (counted in ' +
    'the constructs’ `cdk.tf.json`) with triggers of the same keys and lengths, no provisioners, no ' +
    '`depends_on`, no validation. Each synth runs in a fresh Node process, the two interleaved; the probe ' +
    'also reports its phases in process (Node’s start, imports, construct tree, `Flagplane.wire()`, ' +
    '`app.synth()`) and its CPU time. Target: at most 1.5× the baseline (median of the per-round ratios of ' +
    'the wall times; the rounds alternate which side goes first).',
  async run(ctx) {
    const { flags, warmupRuns, runs } = ctx.settings.synth;
    const dir = ctx.work.file('cdktf-synth');
    await mkdir(dir, { recursive: true });
    const shapeFile = join(dir, 'shape.json');
    const outdirs = { flagplane: join(dir, 'flagplane.out'), bare: join(dir, 'bare.out') };
    const args = { flagplane: ['--flags', String(flags)], bare: ['--shape', shapeFile] };
    const synthOnce = async (kind) => {
      await rm(outdirs[kind], { recursive: true, force: true }); // untimed: every run writes a fresh directory
      const { ms: wall, stdout } = await timeUntilExitWithOutput(process.execPath, [
        probe,
        kind,
        outdirs[kind],
        ...args[kind],
      ]);
      return { ms: wall, phases: JSON.parse(stdout.trim().split('\n').at(-1)) };
    };

    // The constructs' stack first: the baseline copies its count of null_resources and its trigger sizes.
    await synthOnce('flagplane');
    const constructs = await inspectStack(outdirs.flagplane);
    await writeFile(shapeFile, JSON.stringify(constructs.shape));
    await synthOnce('bare');
    const measurements = { flagplane: () => synthOnce('flagplane'), bare: () => synthOnce('bare') };
    // The first runs fill the OS's file cache: not what a synth usually costs.
    await repeatInterleaved(warmupRuns - 1, measurements);
    const measured = await repeatInterleaved(runs, measurements, ctx.log, { rotate: true });
    const baseline = await inspectStack(outdirs.bare);
    if (baseline.nullResources !== constructs.nullResources) {
      throw new Error(
        `the baseline synthesized ${baseline.nullResources} null_resources, the constructs ${constructs.nullResources}`,
      );
    }

    const [fp, bare] = [measured.flagplane, measured.bare];
    // Each round's two synths ran back to back: their ratio sees the same load on a shared machine.
    const roundRatio = median(fp.results.map((result, index) => result.ms / bare.results[index].ms));
    const medianRatio = fp.summary.median / bare.summary.median;
    const cpu = (entry) => summarize(entry.results.map((r) => r.phases.cpu));
    const [fpCpu, bareCpu] = [cpu(fp), cpu(bare)];
    const pass = roundRatio <= TARGET;
    const phase = (entry, name) => {
      const values = entry.results.map((r) => r.phases[name]).filter((v) => v !== undefined);
      return values.length === 0 ? undefined : median(values);
    };
    const phaseRow = (name, label) => {
      const [a, b] = [phase(fp, name), phase(bare, name)];
      const shown = (value) => (value === undefined ? '—' : ms(value));
      return [label, shown(a), shown(b), a === undefined ? '' : ms(a - (b ?? 0))];
    };
    return {
      title: this.title,
      measures: this.measures,
      targets: [
        {
          label: 'synth vs bare null_resources',
          value: ratio(roundRatio),
          target: `≤ ${TARGET}×`,
          pass,
        },
      ],
      tables: [
        {
          columns: targetColumns,
          rows: [
            [
              'spawn to exit, median of the per-round ratios',
              range(fp.summary, ms),
              range(bare.summary, ms),
              ratio(roundRatio),
              `≤ ${TARGET}×`,
              verdictAtMost(roundRatio, TARGET),
            ],
            ['spawn to exit, ratio of the medians', '', '', ratio(medianRatio), 'report only', '—'],
            [
              'CPU time of the process (user + system)',
              range(fpCpu, ms),
              range(bareCpu, ms),
              ratio(fpCpu.median / bareCpu.median),
              'report only',
              '—',
            ],
          ],
        },
        {
          caption: `In process, median of ${runs} runs each (the probe's own clock)`,
          columns: ['phase', 'constructs', 'bare null_resources', 'difference'],
          rows: [
            phaseRow('boot', 'Node’s start'),
            phaseRow('imports', 'imports'),
            phaseRow('build', 'construct tree'),
            phaseRow('wire', '`Flagplane.wire()`: assemble, validate, wire'),
            phaseRow('synth', '`app.synth()`'),
          ],
        },
        {
          caption: 'What each side synthesizes',
          columns: ['measure', 'constructs', 'bare null_resources'],
          rows: [
            ['null_resources', fmt(constructs.nullResources), fmt(baseline.nullResources)],
            ['characters in triggers', fmt(constructs.triggerChars), fmt(baseline.triggerChars)],
            ['`cdk.tf.json`', mb(constructs.bytes), mb(baseline.bytes)],
            [
              'spread of the wall times (half the range / median)',
              pct(fp.summary.spread),
              pct(bare.summary.spread),
            ],
          ],
        },
      ],
      notes: [
        `The constructs add ${ms(fp.summary.median - bare.summary.median)} to the bare synth (medians). The in-process phases leave out the process's exit; the constructs' file is larger because it also holds provisioners and depends_on, which the baseline has none of.`,
      ],
    };
  },
};
