/**
 * §18 with a real process on a real file: SIGKILL under 16 concurrent writers, restart on the same file.
 * Every write that was acknowledged with a 2xx must be there; the file must parse; the lock left by the
 * killed process must not block the restart, not even while that process is a zombie nobody reaps.
 * `DURABILITY_ROUNDS` raises the number of rounds (test:long).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, tokens } from './fixtures.js';
import { mainScript } from './support/built-server.js';

const rounds = Number(process.env.DURABILITY_ROUNDS ?? 3);
const writers = 16;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'flagplane-durability-'));
  await writeFile(join(directory, 'identities.json'), JSON.stringify(identities));
  env = {
    FLAGPLANE_DATA: join(directory, 'data.json'),
    FLAGPLANE_IDENTITIES: join(directory, 'identities.json'),
  };
});
afterAll(() => rm(directory, { recursive: true, force: true }));

const headers = { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' };

async function liveFlagKeys(server: RunningServer): Promise<Set<string>> {
  const keys = new Set<string>();
  let cursor: string | null = null;
  do {
    const url = `${server.baseUrl}/api/v1/orgs/acme/projects/durable/flags?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await (await fetch(url, { headers })).json()) as {
      items: { key: string }[];
      next_cursor: string | null;
    };
    for (const flag of page.items) keys.add(flag.key);
    cursor = page.next_cursor;
  } while (cursor);
  return keys;
}

/** Waits until `/proc/<pid>/stat` shows the process in `state` (field 3, after the last `)`). */
async function waitForState(pid: number, state: string): Promise<void> {
  let seen = '';
  for (let attempt = 0; attempt < 250; attempt++) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    seen = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
    if (seen === state) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`process ${pid} is in state ${seen}, not ${state}`);
}

describe('durability (§18)', () => {
  it(`keeps every acknowledged write across ${rounds} SIGKILLs under ${writers} concurrent writers`, async () => {
    let server = await startServerProcess({ mainScript, env });
    expect(
      (
        await fetch(`${server.baseUrl}/api/v1/orgs/acme/projects`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ key: 'durable' }),
        })
      ).status,
    ).toBe(201);
    const acknowledged = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      let stop = false;
      const writer = async (id: number) => {
        for (let sequence = 0; !stop; sequence++) {
          const key = `r${round}-w${id}-${sequence}`;
          try {
            const response = await fetch(`${server.baseUrl}/api/v1/orgs/acme/projects/durable/flags`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ key, type: 'Boolean' }),
            });
            if (response.status === 201) acknowledged.add(key);
          } catch {
            return; // the process was killed mid-request: that write was never acknowledged
          }
        }
      };
      const running = Array.from({ length: writers }, (_, id) => writer(id));
      await new Promise((resolve) => setTimeout(resolve, 300 + round * 37));
      server.process.kill('SIGKILL');
      stop = true;
      await Promise.all(running);
      await server.exited;

      JSON.parse(await readFile(env.FLAGPLANE_DATA as string, 'utf8'));
      server = await startServerProcess({ mainScript, env });
      expect(server.process.exitCode, server.output()).toBeNull();
      const live = await liveFlagKeys(server);
      const lost = [...acknowledged].filter((key) => !live.has(key));
      expect(lost, `round ${round}: acknowledged writes lost`).toEqual([]);
    }
    expect(acknowledged.size).toBeGreaterThan(rounds * writers);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it.skipIf(!existsSync('/proc/self/stat'))(
    'restarts on the data file of a killed server that nobody reaped (a zombie)',
    async () => {
      const zombieEnv = { ...env, FLAGPLANE_DATA: join(directory, 'zombie.json') };
      const killed = await startServerProcess({
        mainScript,
        env: zombieEnv,
        underParentThatNeverReaps: true,
      });
      let restarted: RunningServer | undefined;
      try {
        expect((await fetch(`${killed.baseUrl}/healthz`)).ok, killed.output()).toBe(true);
        process.kill(killed.pid, 'SIGKILL');
        await waitForState(killed.pid, 'Z');
        expect(JSON.parse(await readFile(`${zombieEnv.FLAGPLANE_DATA}.lock`, 'utf8')).pid).toBe(killed.pid);

        restarted = await startServerProcess({ mainScript, env: zombieEnv });
        expect(restarted.process.exitCode, restarted.output()).toBeNull();
        expect((await fetch(`${restarted.baseUrl}/api/v1/me`, { headers })).status).toBe(200);
      } finally {
        restarted?.process.kill('SIGTERM');
        killed.process.kill('SIGKILL'); // the `sleep` holding the zombie
      }
      expect(await restarted?.exited).toBe(0);
    },
    60_000,
  );

  it('refuses a second server on the same data file, naming the lock', async () => {
    const first = await startServerProcess({ mainScript, env });
    const second = await startServerProcess({ mainScript, env });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/lock/i);
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 60_000);

  it('refuses to start on a data file that does not parse, and leaves it untouched', async () => {
    const corrupt = join(directory, 'corrupt.json');
    await writeFile(corrupt, '{"schemaVersion": 1, "organ');
    const server = await startServerProcess({ mainScript, env: { ...env, FLAGPLANE_DATA: corrupt } });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(corrupt);
    expect(await readFile(corrupt, 'utf8')).toBe('{"schemaVersion": 1, "organ');
  }, 60_000);
});
