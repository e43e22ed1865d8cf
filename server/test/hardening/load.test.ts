/**
 * Load against the built server in its own process (so its memory is measured alone) on a real data
 * file: 100 connections mixing flag lists, single flags, toggles and renames for `LOAD_SECONDS`
 * (test:long; 60 s by default). npm test runs a 3-second smoke version with 20 connections.
 * No answer but a 2xx (or a designed 429), no socket error, no timeout; p99 and throughput printed;
 * in test:long, after a warm-up (`LOAD_WARMUP_SECONDS`, 20 s), the server's RSS over the last 10 s is
 * within 10 % of the first 10 s.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, tokens } from '../fixtures.js';
import { mainScript } from '../support/built-server.js';
import { rssByWindow, rssGrowth, runMixedLoad, sampleResidentMemory } from './support/load-run.js';
import { longMode, numberFromEnvironment } from './support/long-mode.js';

const seconds = longMode ? numberFromEnvironment('LOAD_SECONDS', 60) : 3;
const connections = longMode ? 100 : 20;
const windowSeconds = longMode ? 10 : 1;
const warmupSeconds = longMode ? numberFromEnvironment('LOAD_WARMUP_SECONDS', 20) : 0;
const projectPath = '/api/v1/orgs/acme/projects/load';
const flagKeys = Array.from({ length: 50 }, (_, index) => `flag-${String(index).padStart(2, '0')}`);

let directory: string;
let server: RunningServer;
let dataPath: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-load-'));
  dataPath = join(directory, 'data.json');
  await writeFile(join(directory, 'identities.json'), JSON.stringify(identities));
  server = await startServerProcess({
    mainScript,
    env: {
      FLAGPLANE_DATA: dataPath,
      FLAGPLANE_IDENTITIES: join(directory, 'identities.json'),
      FLAGPLANE_RATE_LIMIT: '1000000000',
    },
  });
  expect(server.process.exitCode, server.output()).toBeNull();
  const post = (url: string, body: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/v1/orgs/acme/projects', { key: 'load' })).status).toBe(201);
  for (let start = 0; start < flagKeys.length; start += 10) {
    const batch = flagKeys.slice(start, start + 10);
    const created = await Promise.all(
      batch.map((key) => post(`${projectPath}/flags`, { key, type: 'Boolean', tags: ['load'] })),
    );
    expect(created.map((response) => response.status)).toEqual(batch.map(() => 201));
  }
}, 60_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await rm(directory, { recursive: true, force: true });
});

describe(`load (${longMode ? 'test:long' : 'smoke; LOAD_SECONDS in test:long'})`, () => {
  it(
    `serves ${connections} connections of mixed reads and writes for ${seconds} s without errors`,
    async () => {
      const pid = server.process.pid as number;
      const load = { baseUrl: server.baseUrl, token: tokens.owner, projectPath, flagKeys, connections };
      // Heap and JIT settle in the first ~15 s under load (RSS then stays flat for minutes): warm up
      // first, so the comparison below measures growth under steady load, not start-up.
      if (warmupSeconds > 0) await runMixedLoad({ ...load, seconds: warmupSeconds });
      const sampler = sampleResidentMemory(pid);
      const figures = await runMixedLoad({ ...load, seconds });
      const samples = sampler.stop();
      const memory = rssGrowth(samples, windowSeconds * 1_000);

      console.table({
        [`${connections} connections, ${seconds} s`]: {
          requests: figures.requests,
          'req/s': Math.round(figures.requestsPerSecond),
          'p50 ms': figures.latencyMs.p50,
          'p99 ms': figures.latencyMs.p99,
          'max ms': figures.latencyMs.max,
          statuses: JSON.stringify(figures.statuses),
          errors: figures.errors,
          timeouts: figures.timeouts,
          [`RSS first ${windowSeconds} s MiB`]: (memory.firstKiB / 1024).toFixed(1),
          [`RSS last ${windowSeconds} s MiB`]: (memory.lastKiB / 1024).toFixed(1),
          'RSS growth %': (memory.growth * 100).toFixed(1),
        },
      });

      console.log(
        `server RSS (MiB) per ${windowSeconds} s: ${rssByWindow(samples, windowSeconds * 1_000).join(', ')}`,
      );

      const unexpected = Object.entries(figures.statuses).filter(
        ([status]) => !/^2\d\d$/.test(status) && status !== '429',
      );
      expect(unexpected, server.output()).toEqual([]);
      expect(figures.errors).toBe(0);
      expect(figures.timeouts).toBe(0);
      expect(figures.requests).toBeGreaterThan(seconds * 50);
      if (longMode) expect(memory.growth).toBeLessThan(0.1);

      // Still healthy, and the data file it wrote under load parses and holds every flag.
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const data = JSON.parse(await readFile(dataPath, 'utf8'));
      expect(Object.values(data.flags as Record<string, { key: string }>).map((flag) => flag.key)).toEqual(
        expect.arrayContaining(flagKeys),
      );
    },
    60_000 + (warmupSeconds + seconds) * 2_000,
  );
});
