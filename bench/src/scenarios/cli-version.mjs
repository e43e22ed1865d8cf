/**
 * Scenario 9: the cold start of the `flagplane` binary, `flagplane --version`, against `node -e ""`:
 * repeated, interleaved spawns of the committed bin, which loads the built bundle.
 */
import { ms, pct, range, ratio } from '../lib/format.mjs';
import { repeatInterleaved, timeUntilExit } from '../lib/process-timing.mjs';
import { cliBin } from '../lib/run-cli.mjs';
import { targetColumns, verdictAtMost } from '../lib/table.mjs';

const TARGET = 3;
const NODE = 'node -e ""';
const VERSION = 'flagplane --version';
const NO_CACHE = 'flagplane --version, no compile cache';

export const cliVersion = {
  id: 'cli-version',
  title: 'CLI cold start',
  measures:
    'Time from spawning `node packages/cli/bin/flagplane.js --version` (the `flagplane` bin, which loads the ' +
    'built bundle) to its exit, against `node -e ""`, in interleaved runs. Also the same with Node’s compile ' +
    'cache off (`NODE_DISABLE_COMPILE_CACHE=1`), as on a first run. Target: at most 3× `node -e ""` (medians).',
  async run(ctx) {
    const { warmupRuns, runs } = ctx.settings.cliStart;
    const noCache = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
    const measurements = {
      [NODE]: () => timeUntilExit(process.execPath, ['-e', '']),
      [VERSION]: () => timeUntilExit(process.execPath, [cliBin, '--version']),
      [NO_CACHE]: () => timeUntilExit(process.execPath, [cliBin, '--version'], { env: noCache }),
    };
    // The first runs fill the compile cache (and the OS's file cache): not what a start usually costs.
    await repeatInterleaved(warmupRuns, measurements);
    const measured = await repeatInterleaved(runs, measurements, ctx.log);
    const [node, version, cold] = [measured[NODE], measured[VERSION], measured[NO_CACHE]];
    const startRatio = version.summary.median / node.summary.median;
    const coldRatio = cold.summary.median / node.summary.median;
    const pass = startRatio <= TARGET;
    const row = (label, entry) => [label, range(entry.summary, ms), pct(entry.summary.spread)];
    return {
      title: this.title,
      measures: this.measures,
      targets: [
        {
          label: 'flagplane --version vs node -e ""',
          value: ratio(startRatio),
          target: `≤ ${TARGET}×`,
          pass,
        },
      ],
      tables: [
        {
          columns: targetColumns,
          rows: [
            [
              'spawn to exit (median (min–max))',
              range(version.summary, ms),
              range(node.summary, ms),
              ratio(startRatio),
              `≤ ${TARGET}×`,
              verdictAtMost(startRatio, TARGET),
            ],
            [
              'the same without the compile cache',
              range(cold.summary, ms),
              range(node.summary, ms),
              ratio(coldRatio),
              'report only',
              '—',
            ],
          ],
        },
        {
          caption: `Every measurement, ${runs} interleaved runs each (after ${warmupRuns} warm-up runs)`,
          columns: ['measure', 'median (min–max)', 'spread (half the range / median)'],
          rows: [row(`\`${NODE}\``, node), row(`\`${VERSION}\``, version), row(`\`${NO_CACHE}\``, cold)],
        },
      ],
      notes: [
        `The CLI adds ${ms(version.summary.median - node.summary.median)} to a bare Node start (medians); without the compile cache, ${ms(cold.summary.median - node.summary.median)}.`,
      ],
    };
  },
};
