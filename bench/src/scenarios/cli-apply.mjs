/**
 * Scenario 10: `flagplane apply` of 500 flags × 3 environments onto an empty organization, then the same
 * file again, as CLI processes against the real server in its own process, which counts the requests it
 * receives by method. The second apply must write nothing.
 */
import { startServer } from '../lib/child-server.mjs';
import { TOKEN } from '../lib/data-file.mjs';
import { ENVIRONMENTS, writeDesiredState } from '../lib/desired-state.mjs';
import { fmt, ms, range, ratio } from '../lib/format.mjs';
import { runCli } from '../lib/run-cli.mjs';
import { median, summarize } from '../lib/stats.mjs';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const difference = (after, before) =>
  Object.fromEntries(Object.entries(after).map(([method, n]) => [method, n - (before[method] ?? 0)]));
const writesOf = (byMethod) =>
  Object.entries(byMethod).reduce((sum, [method, n]) => sum + (READS.has(method) ? 0 : n), 0);
const totalOf = (byMethod) => Object.values(byMethod).reduce((sum, n) => sum + n, 0);
const describe = (byMethod) =>
  Object.entries(byMethod)
    .filter(([, n]) => n > 0)
    .map(([method, n]) => `${method} ${fmt(n)}`)
    .join(', ') || 'none';

/** One apply, timed, with the requests the server received and the CLI's own count (`--json`). */
async function applyOnce(server, file) {
  const env = { ...process.env, FLAGPLANE_BASE_URL: server.url, FLAGPLANE_TOKEN: TOKEN };
  const before = (await server.stats()).requests;
  const run = await runCli(['apply', '-f', file, '--yes', '--json'], { env });
  const byMethod = difference((await server.stats()).requests, before);
  const report = JSON.parse(run.stdout);
  if (report.result.failed.length > 0)
    throw new Error(`apply failed: ${JSON.stringify(report.result.failed)}`);
  return { ms: run.ms, byMethod, cli: report.requests, changed: report.plan.hasChanges };
}

export const cliApply = {
  id: 'cli-apply',
  title: 'CLI apply of 500 flags × 3 environments, then re-apply',
  measures:
    '`flagplane apply -f flags.yaml --yes --json` (the built bundle, as a process; default concurrency 4) ' +
    `of project \`web\` with ${ENVIRONMENTS.length} environments and 500 Boolean flags, each enabled in some ` +
    'environments, onto an organization with nothing in it, then the same file again. The server is the ' +
    'real one in its own process (memory store, rate limit out of reach), counting the requests it receives ' +
    'by method. The first apply’s requests are the baseline. Targets: the re-apply writes nothing (0 ' +
    'POST/PUT/PATCH/DELETE) and reads at most one request per flag plus list pages (checked as: all its ' +
    'reads, list pages included, at most one per flag).',
  async run(ctx) {
    const { flags, runs } = ctx.settings.apply;
    const file = ctx.work.file('flags.yaml');
    const configured = await writeDesiredState(file, flags);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const server = await startServer('flagplane-server', {
        data: ':memory:',
        identities: ctx.identityFile,
        'count-requests': 1,
      });
      try {
        const first = await applyOnce(server, file);
        const again = await applyOnce(server, file);
        results.push({ first, again });
        ctx.log(
          `  run ${i + 1}/${runs}: apply ${Math.round(first.ms)} ms (${describe(first.byMethod)}), re-apply ${Math.round(again.ms)} ms (${describe(again.byMethod)})`,
        );
      } finally {
        await server.stop();
      }
    }
    const firsts = results.map((r) => r.first);
    const agains = results.map((r) => r.again);
    const reWrites = Math.max(...agains.map((r) => writesOf(r.byMethod)));
    const reReads = Math.max(...agains.map((r) => totalOf(r.byMethod) - writesOf(r.byMethod)));
    const readsPass = reReads <= flags;
    const firstWrites = median(firsts.map((r) => writesOf(r.byMethod)));
    const firstTime = summarize(firsts.map((r) => r.ms));
    const againTime = summarize(agains.map((r) => r.ms));
    const last = results.at(-1);
    const pass = reWrites === 0 && agains.every((r) => !r.changed);
    const cliAgrees = results.every(({ first, again }) =>
      [first, again].every(
        (r) => r.cli.requests === totalOf(r.byMethod) && r.cli.writes === writesOf(r.byMethod),
      ),
    );
    const perRequest = (r) => ms(median(r.map((x) => x.ms / totalOf(x.byMethod))));
    return {
      title: this.title,
      measures: this.measures,
      targets: [
        {
          label: 're-apply writes',
          value: `${fmt(reWrites)} (first apply: ${fmt(firstWrites)})`,
          target: '0',
          pass,
        },
        {
          label: 're-apply reads per flag',
          value: `${ratio(reReads / flags)} (${fmt(reReads)} reads, ${fmt(flags)} flags)`,
          target: '≤ 1',
          pass: readsPass,
        },
      ],
      tables: [
        {
          columns: ['measure', 're-apply', 'first apply (baseline)', 'ratio', 'target', 'result'],
          rows: [
            [
              'writes (server-counted POST/PUT/PATCH/DELETE)',
              fmt(reWrites),
              fmt(firstWrites),
              ratio(reWrites / firstWrites),
              '0',
              pass ? 'PASS' : 'FAIL',
            ],
            [
              'reads (GET) per flag, list pages included',
              `${ratio(reReads / flags)} (${fmt(reReads)})`,
              `${ratio((totalOf(last.first.byMethod) - writesOf(last.first.byMethod)) / flags)}`,
              '',
              '≤ 1',
              readsPass ? 'PASS' : 'FAIL',
            ],
            [
              'requests by method (server)',
              describe(last.again.byMethod),
              describe(last.first.byMethod),
              '',
              '',
              '',
            ],
            [
              'requests in all',
              fmt(totalOf(last.again.byMethod)),
              fmt(totalOf(last.first.byMethod)),
              ratio(totalOf(last.again.byMethod) / totalOf(last.first.byMethod)),
              '',
              '',
            ],
            [
              'time, spawn to exit (median (min–max))',
              range(againTime, ms),
              range(firstTime, ms),
              ratio(againTime.median / firstTime.median),
              'report only',
              '—',
            ],
            ['time per request', perRequest(agains), perRequest(firsts), '', '', ''],
          ],
        },
      ],
      notes: [
        `${runs} run(s), each on a fresh server; the desired state has ${flags} flags and ${configured} flag × environment configurations that differ from the default (the other ${flags * ENVIRONMENTS.length - configured} are left out of the file, which declares the default).`,
        cliAgrees
          ? 'The CLI’s own count (`--json` `requests`) agrees with the server’s in every run.'
          : `The CLI’s own count differs from the server’s: CLI ${JSON.stringify(last.again.cli)} on the re-apply, ${JSON.stringify(last.first.cli)} on the first apply.`,
        'Requests are counted by a second `request` listener on the server’s Node HTTP server (`--count-requests`), which sees every request before Fastify does.',
      ],
    };
  },
};
