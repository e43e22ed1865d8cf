/**
 * A real server process with a quota of 20 requests per 2-second window, far smaller than the plan: the
 * CLI paces itself by the rate-limit headers (no 429 it could have avoided), shows that it waits, and
 * still converges, also while another client spends the same token's quota (429s it could not avoid).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { DesiredStateInput } from '@flagplane/contract';
import { type RunningServer, startServerProcess } from '@flagplane/test-support/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { identities, tokens } from './support/test-server.js';

/** `@flagplane/server`'s main.js, beside its entry point. */
const mainScript = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@flagplane/server')),
  'main.js',
);

let server: RunningServer;
let directory: string;

beforeAll(async () => {
  server = await startServerProcess({
    mainScript,
    identities,
    env: { FLAGPLANE_DATA: ':memory:', FLAGPLANE_RATE_LIMIT: '20', FLAGPLANE_RATE_WINDOW_SECONDS: '2' },
  });
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-rate-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(directory, { recursive: true, force: true });
});

/** One project with `count` flags, each enabled in production: about 2 requests per flag to apply. */
function manyFlags(project: string, count: number): DesiredStateInput {
  return {
    organization: 'acme',
    projects: [
      {
        key: project,
        environments: [{ key: 'development' }, { key: 'production' }],
        flags: Array.from({ length: count }, (_, index) => ({
          key: `flag-${index}`,
          type: 'Boolean' as const,
          environments: { production: { enabled: true } },
        })),
      },
    ],
  };
}

interface ApplyJson {
  result: { done: string[]; failed: unknown[] };
  requests: { requests: number; writes: number; rateLimited: number };
}

describe('with FLAGPLANE_RATE_LIMIT=20', () => {
  it('paces a plan larger than the quota without a single 429, and shows that it waits', async () => {
    const file = path.join(directory, 'paced.json');
    await writeFile(file, JSON.stringify(manyFlags('paced', 15)));
    const env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
    const apply = await runCli(['apply', '-f', file, '--json'], { env });
    expect(apply.code, apply.stderr).toBe(0);
    const applied = apply.json<ApplyJson>();
    expect(applied.result.failed).toEqual([]);
    expect(applied.requests.requests).toBeGreaterThan(20);
    expect(applied.requests.rateLimited).toBe(0);
    expect(apply.stderr).toContain('waiting');
    expect(apply.stderr).toContain('no requests left in the rate-limit window');

    const again = await runCli(['apply', '-f', file, '--json'], { env });
    expect(again.code).toBe(0);
    expect(again.json<ApplyJson>().requests).toMatchObject({ writes: 0, rateLimited: 0 });
  });

  it('waits out the 429s another client causes on the same token, and converges', async () => {
    const file = path.join(directory, 'contended.json');
    await writeFile(file, JSON.stringify(manyFlags('contended', 12)));
    const env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
    const me = () =>
      fetch(`${server.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.owner}` } }).then(
        async (response) => {
          await response.arrayBuffer();
          return response;
        },
      );
    // Spend a whole fresh window's quota just before the CLI starts: its first request cannot avoid a 429.
    const reset = Number((await me()).headers.get('x-ratelimit-reset'));
    await new Promise((resolve) => setTimeout(resolve, reset * 1000 - Date.now() + 20));
    await Promise.all(Array.from({ length: 25 }, me));
    // And keep competing for the quota while it runs.
    let hammering = true;
    const hammer = (async () => {
      while (hammering) {
        await me();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const apply = await runCli(['apply', '-f', file, '--json'], { env });
    hammering = false;
    await hammer;
    expect(apply.code, apply.stderr).toBe(0);
    const applied = apply.json<ApplyJson>();
    expect(applied.result.failed).toEqual([]);
    expect(applied.requests.rateLimited).toBeGreaterThan(0);
    expect(apply.stderr).toContain('the server refused a request for the rate limit (429)');

    const plan = await runCli(['plan', '-f', file, '--json'], { env });
    expect(plan.code).toBe(0);
  });
});
