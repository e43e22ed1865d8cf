/**
 * Throughput of a server under test against its baseline, both already running: a warm-up each, then
 * many short rounds that alternate which goes first, so the bursts of a shared, noisy machine hit both
 * alike. The ratio is the median of the per-round ratios (each from two adjacent runs). The servers' own
 * CPU time per answered request is measured too: it is much less sensitive to other processes.
 */
import { problems, runLoad } from './autocannon-run.mjs';
import { mb, num, range, ratio } from './format.mjs';
import { median, summarize } from './stats.mjs';
import { verdict } from './table.mjs';

/**
 * @param {object} options
 * @param {{ server: object, url: string, headers?: object, method?: string, body?: string }} options.subject
 *   `server` from startServer; `method` and `body` for a POST (default GET, no body)
 * @param {{ server: object, url: string, headers?: object, method?: string, body?: string }} options.baseline
 * @param {{ warmup: number, duration: number, rounds: number, connections: number }} options.load
 */
export async function compareThroughput({ subject, baseline, load, log = () => {}, success = '2xx' }) {
  const run = async (target, duration) => {
    const cpuBefore = await target.server.cpuMicros();
    const result = await runLoad({
      url: target.url,
      headers: target.headers,
      method: target.method,
      body: target.body,
      duration,
      connections: load.connections,
      success,
    });
    const cpu = (await target.server.cpuMicros()) - cpuBefore;
    return { ...result, cpuMicrosPerRequest: result.ok > 0 ? cpu / result.ok : Number.NaN };
  };
  if (load.warmup > 0) {
    await run(subject, load.warmup);
    await run(baseline, load.warmup);
  }
  const runs = { subject: [], baseline: [] };
  for (let round = 0; round < load.rounds; round++) {
    const order = round % 2 === 0 ? ['subject', 'baseline'] : ['baseline', 'subject'];
    for (const which of order)
      runs[which].push(await run(which === 'subject' ? subject : baseline, load.duration));
    const [s, b] = [runs.subject.at(-1), runs.baseline.at(-1)];
    log(
      `  round ${round + 1}/${load.rounds}: ${Math.round(s.requestsPerSecond)} vs ${Math.round(b.requestsPerSecond)} req/s (${(s.requestsPerSecond / b.requestsPerSecond).toFixed(3)}×)`,
    );
  }
  const ratios = runs.subject.map((s, i) => s.requestsPerSecond / runs.baseline[i].requestsPerSecond);
  const cpuRatios = runs.subject.map((s, i) => runs.baseline[i].cpuMicrosPerRequest / s.cpuMicrosPerRequest);
  return {
    subject: describe(runs.subject),
    baseline: describe(runs.baseline),
    ratio: median(ratios),
    ratios: summarize(ratios),
    /** baseline CPU per request ÷ subject CPU per request: the ratio if both were purely CPU-bound */
    cpuRatio: median(cpuRatios),
  };
}

function describe(runs) {
  return {
    runs,
    requestsPerSecond: summarize(runs.map((r) => r.requestsPerSecond)),
    cpuMicrosPerRequest: median(runs.map((r) => r.cpuMicrosPerRequest)),
    problems: runs.map(problems).filter(Boolean).join('; '),
  };
}

/**
 * The main table's rows for a throughput comparison: req/s with the target's verdict, server CPU per
 * request, and the subject's memory after.
 */
export function throughputRows(
  result,
  target,
  memory,
  cpuLabel = 'server CPU per request (ratio: baseline ÷ Flagplane)',
) {
  const { subject: s, baseline: b } = result;
  return [
    [
      'req/s (median (min–max))',
      range(s.requestsPerSecond),
      range(b.requestsPerSecond),
      ratio(result.ratio),
      `≥ ${target}×`,
      verdict(result.ratio, target),
    ],
    [
      cpuLabel,
      `${num(s.cpuMicrosPerRequest)} µs`,
      `${num(b.cpuMicrosPerRequest)} µs`,
      ratio(result.cpuRatio),
      '',
      '',
    ],
    [
      'Flagplane memory after (RSS / heap used)',
      `${mb(memory.rss)} / ${mb(memory.heapUsed)}`,
      '',
      '',
      '',
      '',
    ],
  ];
}
