/**
 * Scenario 4: how long the real server (`server/dist/main.js`) takes from spawn to its first successful
 * `/readyz` 200 on a data file of 100k flags, against `node -e ""` and Node reading and parsing the same file.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { mb, ms, num, pct, range, ratio } from '../lib/format.mjs';
import { repoRoot } from '../lib/paths.mjs';
import { freePort, repeatInterleaved, timeUntilExit, timeUntilHealthy } from '../lib/process-timing.mjs';
import { median } from '../lib/stats.mjs';

const mainJs = join(repoRoot, 'server', 'dist', 'main.js');
const parseFile = 'JSON.parse(require("fs").readFileSync(process.argv[1]))';

function serverEnv(dataFile, port) {
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) };
  env.FLAGPLANE_DATA = dataFile;
  env.LOG_LEVEL = 'silent';
  delete env.FLAGPLANE_IDENTITIES; // the data file already holds the identities: nothing to write at start
  return env;
}

async function startOnce(dataFile) {
  const port = await freePort();
  const started = await timeUntilHealthy(process.execPath, [mainJs], {
    env: serverEnv(dataFile, port),
    url: `http://127.0.0.1:${port}/readyz`,
  });
  await started.stop();
  return started;
}

export const serverStart = {
  id: 'server-start',
  title: 'Server start with 100k flags',
  measures:
    'Time from spawning `node server/dist/main.js` (the real entry point: data file, lock, indexes, ' +
    'Fastify, listen; logging silent) to its first 200 on `/readyz` (ready to serve; it listens earlier, answering 503 while it loads), polled every 2 ms over a fresh ' +
    'connection, with a data file of 100k flags. Baselines: `node -e ""`, and Node reading and parsing the ' +
    'same file (`node -e \'JSON.parse(require("fs").readFileSync(p))\'`). The same start on a 50-flag file ' +
    'separates what the data costs from what the code costs. Report only, no target.',
  async run(ctx) {
    const { runs, flags } = ctx.settings.start;
    const dir = ctx.work.file('start');
    await mkdir(dir, { recursive: true });
    const big = join(dir, 'data-big.json');
    const small = join(dir, 'data-small.json');
    await copyFile(await ctx.dataFile(flags), big);
    await copyFile(await ctx.dataFile(50), small);

    const measured = await repeatInterleaved(
      runs,
      {
        'node -e ""': () => timeUntilExit(process.execPath, ['-e', '']),
        'node + parse': () => timeUntilExit(process.execPath, ['-e', parseFile, big]),
        'server, 50 flags': () => startOnce(small),
        'server, 100k flags': () => startOnce(big),
      },
      ctx.log,
    );
    const server = measured['server, 100k flags'];
    const parse = measured['node + parse'];
    const startRatio = server.summary.median / parse.summary.median;
    const memory = (results, key) => median(results.map((r) => r.memory[key]));
    const row = (label, entry) => [label, range(entry.summary, ms), pct(entry.summary.spread)];
    return {
      title: this.title,
      measures: this.measures,
      targets: [],
      tables: [
        {
          columns: ['measure', 'Flagplane', 'baseline (node + parse)', 'ratio', 'target', 'result'],
          rows: [
            [
              `start to first /readyz 200, ${flags / 1000}k flags (median (min–max))`,
              range(server.summary, ms),
              range(parse.summary, ms),
              ratio(startRatio),
              'report only',
              '—',
            ],
            [
              'memory at first /readyz 200 (RSS / peak RSS)',
              `${mb(memory(server.results, 'rss'))} / ${mb(memory(server.results, 'peakRss'))}`,
              '',
              '',
              '',
              '',
            ],
          ],
        },
        {
          caption: `Every measurement, ${runs} interleaved runs each`,
          columns: ['measure', 'median (min–max)', 'spread (half the range / median)'],
          rows: [
            row('`node -e ""`', measured['node -e ""']),
            row(`node reads + parses the ${flags / 1000}k-flag file`, parse),
            row('Flagplane start, 50 flags', measured['server, 50 flags']),
            row(`Flagplane start, ${flags / 1000}k flags`, server),
          ],
        },
      ],
      notes: [
        `Data-dependent part of the start: ${num(server.summary.median - measured['server, 50 flags'].summary.median)} ms (100k − 50 flags); parsing alone: ${num(parse.summary.median - measured['node -e ""'].summary.median)} ms (node + parse − node -e "").`,
      ],
    };
  },
};
