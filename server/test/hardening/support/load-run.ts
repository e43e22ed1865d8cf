/**
 * A mixed read/write load with autocannon against a real server, and the server's resident memory
 * sampled from /proc while it runs.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadOptions {
  readonly baseUrl: string;
  readonly token: string;
  /** The project holding the flags, e.g. `/api/v1/orgs/acme/projects/load`. */
  readonly projectPath: string;
  readonly flagKeys: readonly string[];
  readonly seconds: number;
  readonly connections: number;
}

export interface LoadFigures {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly timeouts: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** 40 % flag lists, 30 % single flags, 20 % toggles, 10 % renames, spread over random flags. */
export async function runMixedLoad(options: LoadOptions): Promise<LoadFigures> {
  const flags = `${options.projectPath}/flags`;
  const auth = { authorization: `Bearer ${options.token}` };
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        // Fresh headers every time: autocannon writes Content-Length into the headers object it is
        // given, and a stale one on a GET would desynchronize the connection.
        setupRequest: (request) => {
          const roll = Math.random();
          const flag = `${flags}/${pick(options.flagKeys)}`;
          const read = (path: string) => ({
            ...request,
            method: 'GET' as const,
            path,
            headers: { ...auth },
            body: undefined,
          });
          const write = (method: 'POST' | 'PUT', path: string, body: unknown) => ({
            ...request,
            method,
            path,
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (roll < 0.4) return read(`${flags}?limit=50`);
          if (roll < 0.7) return read(flag);
          if (roll < 0.9) {
            const environment = pick(['development', 'production']);
            return write('POST', `${flag}/environments/${environment}/toggle`, {
              enabled: Math.random() < 0.5,
            });
          }
          return write('PUT', flag, { name: `Renamed ${Math.floor(Math.random() * 1_000)}` });
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = stats.count ?? 0;
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    requests,
    requestsPerSecond: requests / result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** The resident set size of a process, in KiB, from /proc (Linux). */
export function residentKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

export interface RssSample {
  readonly atMs: number;
  readonly kib: number;
}

/** Samples `residentKiB(pid)` every `everyMs` until `stop()`, which answers the samples. */
export function sampleResidentMemory(pid: number, everyMs = 250): { stop(): RssSample[] } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () => samples.push({ atMs: performance.now() - started, kib: residentKiB(pid) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** Mean RSS (MiB) of each consecutive `windowMs` of the samples: how memory moved during the run. */
export function rssByWindow(samples: readonly RssSample[], windowMs: number): number[] {
  const windows: number[][] = [];
  for (const sample of samples) {
    const index = Math.floor(sample.atMs / windowMs);
    windows[index] = [...(windows[index] ?? []), sample.kib];
  }
  return windows
    .filter((window) => window.length > 0)
    .map((window) => Math.round(window.reduce((sum, kib) => sum + kib, 0) / window.length / 1024));
}

/** Mean RSS over the first and the last `windowMs` of the samples, and the growth between them. */
export function rssGrowth(samples: readonly RssSample[], windowMs: number) {
  const end = samples.at(-1)?.atMs ?? 0;
  const mean = (part: readonly RssSample[]) =>
    part.reduce((sum, s) => sum + s.kib, 0) / Math.max(1, part.length);
  const first = mean(samples.filter((sample) => sample.atMs <= windowMs));
  const last = mean(samples.filter((sample) => sample.atMs >= end - windowMs));
  return { firstKiB: first, lastKiB: last, growth: (last - first) / first };
}
