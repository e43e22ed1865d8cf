/**
 * A flag's `temporary` through the `flagplane` binary against a real server: created as declared, shown
 * in the plan when it changes (in the file or live), reverted like any other drift, and written by
 * `export` so that the exported file plans no change to it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type FlagplaneClient } from '@flagplane/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { type RunningTestServer, startTestServer, tokens } from './support/test-server.js';

let server: RunningTestServer;
let directory: string;
let env: Record<string, string>;
let api: FlagplaneClient;

beforeEach(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-cli-temporary-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
  api = createClient({ baseUrl: server.baseUrl, token: tokens.owner });
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

/** Two Boolean flags of project `web`, with `temporary` lines for each as given (none: left out). */
async function declare(release: string, kill: string): Promise<string> {
  const file = path.join(directory, 'flags.yaml');
  await writeFile(
    file,
    `organization: acme
projects:
  - key: web
    environments:
      - key: production
    flags:
      - key: release-banner
        type: Boolean
${release}
      - key: kill-switch
        type: Boolean
${kill}
`,
  );
  return file;
}

const temporaryOf = async (key: string) => (await api.flags.retrieve('acme', 'web', key)).temporary;

interface PlannedChange {
  id: string;
  action: string;
  changes: { property: string; before?: unknown; after?: unknown }[];
}

async function plannedChanges(file: string): Promise<PlannedChange[]> {
  const plan = await runCli(['plan', '-f', file, '--json'], { env });
  return plan.json<{ changes: PlannedChange[] }>().changes;
}

describe('temporary in the desired state', () => {
  it('creates flags as declared (left out: false), and plans nothing on a second run', async () => {
    const file = await declare('        temporary: true', '');
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/\+ flag release-banner create\n(.*\n)*? {6}temporary: true\n/);
    expect(plan.stdout.split('+ flag kill-switch create')[1]).not.toMatch(/temporary:/);
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    expect(await temporaryOf('release-banner')).toBe(true);
    expect(await temporaryOf('kill-switch')).toBe(false);
    server.resetCounts();
    expect((await runCli(['plan', '-f', file], { env })).code).toBe(0);
    expect(server.counts().writes).toBe(0);
  });

  it('plans a change of the file as before → after and applies it', async () => {
    await runCli(['apply', '-f', await declare('        temporary: true', '')], { env });
    const file = await declare('        temporary: false', '        temporary: true');
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('~ flag release-banner update\n      temporary: true → false');
    expect(plan.stdout).toContain('~ flag kill-switch update\n      temporary: false → true');
    expect(plan.stdout).toContain('Plan: 0 to create, 2 to update, 0 to remove.');
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    expect(await temporaryOf('release-banner')).toBe(false);
    expect(await temporaryOf('kill-switch')).toBe(true);
    expect((await runCli(['plan', '-f', file], { env })).code).toBe(0);
  });

  it('shows a change made live as drift, naming who made it, and apply reverts it', async () => {
    const file = await declare('        temporary: true', '');
    await runCli(['apply', '-f', file], { env });
    const consoleUser = createClient({
      baseUrl: server.baseUrl,
      token: tokens.owner,
      headers: { 'user-agent': 'flagplane-console/0.1.0' },
    });
    await consoleUser.flags.update('acme', 'web', 'release-banner', { temporary: false });
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      '~ flag release-banner update\n      temporary: false → true  (changed by owner@acme.test',
    );
    expect(plan.stdout).toContain('via flagplane-console/0.1.0)');
    expect(await plannedChanges(file)).toEqual([
      expect.objectContaining({
        id: 'flag web/release-banner',
        changes: [expect.objectContaining({ property: 'temporary', before: false, after: true })],
      }),
    ]);
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    expect(await temporaryOf('release-banner')).toBe(true);
  });

  it('exports temporary: true of a temporary flag only, and the export plans no change to it', async () => {
    await runCli(['apply', '-f', await declare('        temporary: true', '')], { env });
    const exported = path.join(directory, 'exported.yaml');
    expect(
      (await runCli(['export', '--org', 'acme', '--project', 'web', '-o', exported], { env })).code,
    ).toBe(0);
    const text = await readFile(exported, 'utf8');
    expect(text).toMatch(/key: release-banner\n(.*\n)*? +temporary: true\n/);
    expect(text.match(/temporary:/g)).toHaveLength(1);
    const changes = await plannedChanges(exported);
    expect(changes.flatMap((change) => change.changes.map((property) => property.property))).not.toContain(
      'temporary',
    );
    expect((await runCli(['apply', '-f', exported], { env })).code).toBe(0);
    expect(await temporaryOf('release-banner')).toBe(true);
    expect(await temporaryOf('kill-switch')).toBe(false);
  });

  it('is set by the resource commands the constructs run, from the flag spec they synthesize', async () => {
    const resource = (verb: string, kind: string, spec: unknown) =>
      runCli(['resource', verb, '--kind', kind, '--json'], {
        env: { ...env, FLAGPLANE_SPEC: JSON.stringify(spec) },
        cwd: directory,
      });
    const project = { organization: 'acme', project: { key: 'web', environments: [{ key: 'production' }] } };
    const flag = (temporary?: boolean) => ({
      organization: 'acme',
      project: 'web',
      flag: { key: 'release-banner', type: 'Boolean', ...(temporary === undefined ? {} : { temporary }) },
    });
    expect((await resource('ensure', 'project', project)).code).toBe(0);
    expect((await resource('ensure', 'flag', flag(true))).code).toBe(0);
    expect(await temporaryOf('release-banner')).toBe(true);
    const configured = await resource('configure', 'flag', flag());
    expect(configured.code, configured.stderr).toBe(0);
    expect(await temporaryOf('release-banner')).toBe(false);
  });

  it('refuses a temporary that is not a boolean before any request, naming the line', async () => {
    const file = await declare('        temporary: "yes"', '');
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('line 9: projects[0].flags[0].temporary: expected boolean, received "yes"');
    expect(server.counts().total).toBe(0);
  });
});
