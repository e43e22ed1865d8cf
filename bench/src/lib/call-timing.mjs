/**
 * Time per call of async functions called one after another (never concurrently) in the bench process:
 * an SDK call, a raw fetch. After a warm-up of every variant, each round makes `calls` sequential calls
 * of every variant in small chunks that alternate between the variants (rotating which goes first), so
 * the bursts of a shared, noisy machine hit them alike; a ratio is the median of the per-round ratios.
 * This process's CPU time per call is measured too (the client's share when the server runs in another
 * process, everything when it runs in this one).
 */
import { median, summarize } from './stats.mjs';

/**
 * @param {object} options
 * @param {Record<string, { call: () => Promise<unknown>, enter?: () => unknown, leave?: () => unknown }>}
 *   options.variants `enter`/`leave` run around each chunk of calls, untimed (e.g. msw listen/close)
 * @param {number} options.calls sequential calls per variant and round
 * @param {number} options.rounds
 * @param {number} options.warmupCalls calls per variant before the first round
 * @param {number} [options.chunk] calls of one variant before switching to the next
 */
export async function timeCallsInterleaved({
  variants,
  calls,
  rounds,
  warmupCalls,
  chunk = 50,
  log = () => {},
}) {
  const names = Object.keys(variants);
  const timeChunk = async (name, count, into) => {
    const variant = variants[name];
    await variant.enter?.();
    try {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < count; i++) await variant.call();
      into.ms += performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      into.cpuMicros += cpu.user + cpu.system;
      into.calls += count;
    } finally {
      await variant.leave?.();
    }
  };
  const round = async (callsEach, index) => {
    const totals = Object.fromEntries(names.map((name) => [name, { ms: 0, cpuMicros: 0, calls: 0 }]));
    for (let done = 0, turn = index; done < callsEach; done += chunk, turn++) {
      const count = Math.min(chunk, callsEach - done);
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + turn) % names.length];
        await timeChunk(name, count, totals[name]);
      }
    }
    return Object.fromEntries(
      names.map((name) => {
        const t = totals[name];
        return [name, { microsPerCall: (t.ms * 1000) / t.calls, cpuMicrosPerCall: t.cpuMicros / t.calls }];
      }),
    );
  };

  await round(warmupCalls, 0);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let index = 0; index < rounds; index++) {
    const result = await round(calls, index);
    for (const name of names) runs[name].push(result[name]);
    log(
      `  round ${index + 1}/${rounds}: ${names.map((name) => `${name} ${Math.round(result[name].microsPerCall)} µs`).join(', ')}`,
    );
  }
  const result = {};
  for (const name of names) {
    result[name] = {
      microsPerCall: summarize(runs[name].map((r) => r.microsPerCall)),
      cpuMicrosPerCall: median(runs[name].map((r) => r.cpuMicrosPerCall)),
      runs: runs[name],
    };
  }
  return result;
}

/** Per-round ratios of one variant's time per call to another's (`which`: 'microsPerCall' or CPU). */
export function roundRatios(timings, subject, baseline, which = 'microsPerCall') {
  return summarize(timings[subject].runs.map((run, i) => run[which] / timings[baseline].runs[i][which]));
}
