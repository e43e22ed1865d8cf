/** The `flagplane` binary as a real process against a real server: exit codes, --json, input errors, secrets. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalJson, cdktfInventory } from '@flagplane/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { sampleState } from './support/sample-state.js';
import { type RunningTestServer, startTestServer, tokens } from './support/test-server.js';

let server: RunningTestServer;
let directory: string;
let env: Record<string, string>;

beforeEach(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-cli-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

async function writeState(state: unknown, name = 'flags.json'): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, typeof state === 'string' ? state : JSON.stringify(state, null, 2));
  return file;
}

function withKeyFile() {
  const state = sampleState();
  state.projects[0]!.sdkKeys = [
    {
      name: 'web-server',
      environment: 'production',
      type: 'ServerSide',
      plaintextFile: 'secrets/web-server.key',
    },
  ];
  return state;
}

describe('flagplane', () => {
  it('prints its version', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('plan exits 2 with changes, apply makes them, then plan exits 0 and apply writes nothing', async () => {
    const file = await writeState(sampleState());
    const plan = await runCli(['plan', '-f', file, '--json'], { env });
    expect(plan.code).toBe(2);
    const planned = plan.json<{
      hasChanges: boolean;
      summary: Record<string, number>;
      changes: { id: string }[];
    }>();
    expect(planned.hasChanges).toBe(true);
    expect(planned.summary).toEqual({ create: 5, update: 2, adopt: 0, remove: 0, notices: 0 });
    expect(server.counts().writes).toBe(0);

    const apply = await runCli(['apply', '-f', file, '--json'], { env });
    expect(apply.code).toBe(0);
    const applied = apply.json<{
      result: { done: string[]; failed: unknown[] };
      requests: { writes: number };
    }>();
    expect(applied.result.failed).toEqual([]);
    expect(applied.result.done).toHaveLength(7);
    expect(applied.requests.writes).toBe(7);

    const again = await runCli(['plan', '-f', file], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');

    server.resetCounts();
    const reapply = await runCli(['apply', '-f', file, '--json'], { env });
    expect(reapply.code).toBe(0);
    expect(reapply.json<{ requests: { writes: number } }>().requests.writes).toBe(0);
    expect(server.counts().writes).toBe(0);
  });

  it('re-reads a project in list pages, not per flag: 60 more flags cost no more reads on re-apply', async () => {
    const readsOfReapply = async (extraFlags: number) => {
      const state = sampleState();
      for (let index = 0; index < extraFlags; index++) {
        state.projects[0]!.flags!.push({
          key: `bulk-${index}`,
          type: 'Boolean',
          environments: { production: { enabled: index % 2 === 0 } },
        });
      }
      const file = await writeState(state, `flags-${extraFlags}.json`);
      expect((await runCli(['apply', '-f', file, '--json'], { env })).code).toBe(0);
      server.resetCounts();
      expect((await runCli(['apply', '-f', file, '--json'], { env })).code).toBe(0);
      expect(server.counts().writes).toBe(0);
      return server.counts().byMethod.GET ?? 0;
    };
    const fewFlags = await readsOfReapply(0);
    const manyFlags = await readsOfReapply(60);
    // Project list, project, environments, segments, two walks of the flag list, SDK keys per environment.
    expect(fewFlags).toBe(8);
    expect(manyFlags).toBe(fewFlags);
  });

  it('prints the plan grouped by resource with before → after', async () => {
    const file = await writeState(sampleState());
    await runCli(['apply', '-f', file], { env });
    const state = sampleState();
    state.projects[0]!.flags![0]!.name = 'Checkout v2';
    // The same file edited: its managedBy source is unchanged, so only the name is planned.
    const plan = await runCli(['plan', '-f', await writeState(state)], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      'project web\n  ~ flag new-checkout update\n      name: "New checkout" → "Checkout v2"',
    );
    expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to remove.');
  });

  it('reports every input problem at once, with file lines and paths, before any request', async () => {
    const file = await writeState(
      [
        'organization: acme',
        'projects:',
        '  - key: web',
        '    environments: [{ key: production }]',
        '    flags:',
        '      - key: new-checkout',
        '        type: Boolean',
        '        colour: red',
        '        environments:',
        '          production:',
        '            rules:',
        '              - variation: ture',
        '                segment: beta',
        '      - key: new-checkout',
        '        type: Boolean',
        '',
      ].join('\n'),
      'flags.yaml',
    );
    const run = await runCli(['plan', '-f', file], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}: 4 problems in the desired state:`);
    expect(run.stderr).toContain('line 8: projects[0].flags[0].colour: unknown property');
    expect(run.stderr).toContain(
      'line 12: projects[0].flags[0].environments.production.rules[0].variation: unknown variation "ture"; did you mean "true"?',
    );
    expect(run.stderr).toContain(
      'line 13: projects[0].flags[0].environments.production.rules[0].segment: unknown segment "beta"',
    );
    expect(run.stderr).toContain('line 14: projects[0].flags[1].key: duplicate flag key "new-checkout"');
    expect(server.counts().total).toBe(0);

    const json = await runCli(['apply', '-f', file, '--json', '--yes'], { env });
    expect(json.code).toBe(1);
    expect(json.json<{ error: { problems: string[] } }>().error.problems).toHaveLength(4);
    expect(server.counts().total).toBe(0);
  });

  it('refuses to prompt for destructive changes when stdin is not a terminal', async () => {
    const file = await writeState(sampleState());
    await runCli(['apply', '-f', file], { env });
    server.resetCounts();
    const run = await runCli(['destroy', '-f', file], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('stdin is not a terminal');
    expect(run.stderr).toContain('--yes');
    expect(server.counts().writes).toBe(0);

    const destroy = await runCli(['destroy', '-f', file, '--yes', '--json'], { env });
    expect(destroy.code).toBe(0);
    expect(destroy.json<{ result: { done: string[] } }>().result.done).toHaveLength(4);
  });

  it('writes an SDK key plaintext once, mode 0600, and never to stdout or stderr', async () => {
    const file = await writeState(withKeyFile());
    const apply = await runCli(['apply', '-f', file], { env });
    expect(apply.code).toBe(0);
    const keyFile = path.join(directory, 'secrets/web-server.key');
    const plaintext = (await readFile(keyFile, 'utf8')).trim();
    expect(plaintext).toMatch(/^fp_srv_[0-9A-Za-z]{40}$/);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(apply.stdout + apply.stderr).not.toContain(plaintext);
    expect(apply.stdout + apply.stderr).not.toContain(tokens.owner);
  });

  it('does not recreate a key whose file is lost, and replaces it when rotation is raised', async () => {
    const state = withKeyFile();
    const file = await writeState(state);
    await runCli(['apply', '-f', file], { env });
    const keyFile = path.join(directory, 'secrets/web-server.key');
    const original = (await readFile(keyFile, 'utf8')).trim();
    await rm(keyFile);

    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(`plaintext file ${keyFile} is missing`);
    expect(plan.stdout).toContain('Raise `rotation` to replace the key.');

    state.projects[0]!.sdkKeys![0]!.rotation = 1;
    const rotate = await runCli(['apply', '-f', await writeState(state), '--yes', '--json'], { env });
    expect(rotate.code).toBe(0);
    const rotated = (await readFile(keyFile, 'utf8')).trim();
    expect(rotated).not.toBe(original);
    const keys = await fetch(
      `${server.baseUrl}/api/v1/orgs/acme/projects/web/environments/production/sdk-keys`,
      {
        headers: { authorization: `Bearer ${tokens.owner}` },
      },
    ).then((response) => response.json() as Promise<{ items: { name: string; isActive: boolean }[] }>);
    expect(keys.items.map((key) => [key.name, key.isActive])).toEqual([
      ['web-server', false],
      ['web-server (rotation 1)', true],
    ]);
    expect((await runCli(['plan', '-f', file], { env })).code).toBe(0);
  });

  it('prints created plaintexts on stdout only with --show-sdk-keys', async () => {
    const file = await writeState(sampleState());
    const run = await runCli(['apply', '-f', file, '--json', '--show-sdk-keys'], { env });
    const keys = run.json<{ sdkKeys: { resource: string; plaintext: string }[] }>().sdkKeys;
    expect(keys).toEqual([
      { resource: 'production/web-server', plaintext: expect.stringMatching(/^fp_srv_/) },
    ]);
  });

  it('takes the token only from FLAGPLANE_TOKEN and never prints it', async () => {
    const file = await writeState(sampleState());
    const missing = await runCli(['plan', '-f', file], { env: { ...env, FLAGPLANE_TOKEN: '' } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('set FLAGPLANE_TOKEN');
    const flag = await runCli(['plan', '-f', file, '--token', tokens.owner], { env });
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain("unknown option '--token'");
    const wrong = 'fp_pat_wrongwrongwrongwrongwrongwrongwrongwron';
    const refused = await runCli(['plan', '-f', file], { env: { ...env, FLAGPLANE_TOKEN: wrong } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('401');
    expect(refused.stdout + refused.stderr).not.toContain(wrong);
  });

  it('exports the live state to a file that plans nothing but moving managedBy to it', async () => {
    await runCli(['apply', '-f', await writeState(sampleState())], { env });
    const exported = path.join(directory, 'exported.yaml');
    const run = await runCli(['export', '--org', 'acme', '--project', 'web', '-o', exported], { env });
    expect(run.code).toBe(0);
    const text = await readFile(exported, 'utf8');
    expect(text).toContain('organization: acme');
    // managedBy is bookkeeping, not configuration: an export never copies another file's claim.
    expect(text).not.toMatch(/managedBy|source:/);
    const plan = await runCli(['plan', '-f', exported, '--json'], { env });
    expect(plan.code).toBe(2);
    const planned = plan.json<{
      changes: { action: string; changes: { property: string; after: { source: string } }[] }[];
      notices: unknown[];
    }>();
    expect(planned.notices).toEqual([]);
    expect(planned.changes.length).toBeGreaterThan(0);
    for (const change of planned.changes) {
      expect(change.action).toBe('update');
      expect(change.changes.map((property) => property.property)).toEqual(['managedBy']);
      expect(change.changes[0]?.after.source).toBe(`file:${exported}`);
    }
    expect((await runCli(['apply', '-f', exported], { env })).code).toBe(0);
    expect((await runCli(['plan', '-f', exported], { env })).code).toBe(0);
  });

  it('reverts a change made live in another tool', async () => {
    const file = await writeState(sampleState());
    await runCli(['apply', '-f', file], { env });
    await fetch(
      `${server.baseUrl}/api/v1/orgs/acme/projects/web/flags/new-checkout/environments/production/toggle`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false }),
      },
    );
    const plan = await runCli(['plan', '-f', file, '--json'], { env });
    expect(plan.code).toBe(2);
    expect(plan.json<{ changes: unknown[] }>().changes).toEqual([
      expect.objectContaining({
        id: 'configuration web/new-checkout@production',
        changes: [expect.objectContaining({ property: 'enabled', before: false, after: true })],
      }),
    ]);
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    expect((await runCli(['plan', '-f', file], { env })).code).toBe(0);
  });

  it('reads the desired state from a synthesized CDKTF stack', async () => {
    const stack = path.join(directory, 'cdktf.out/stacks/flags');
    await writeState({}, 'placeholder.json');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(stack, { recursive: true });
    await writeFile(
      path.join(stack, cdktfInventory.stackFile),
      JSON.stringify({
        resource: {
          null_resource: {
            [cdktfInventory.resourceName]: {
              triggers: { [cdktfInventory.triggerKey]: canonicalJson(sampleState()) },
            },
          },
        },
      }),
    );
    const plan = await runCli(['plan', '--synth', stack, '--json'], { env });
    expect(plan.code).toBe(2);
    expect(plan.json<{ summary: { create: number } }>().summary.create).toBe(5);
    const missing = await runCli(['plan', '--synth', directory], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });

  it('exits 1 with a summary of what failed and what was not done when writes are refused', async () => {
    const file = await writeState(sampleState());
    const run = await runCli(['apply', '-f', file], { env: { ...env, FLAGPLANE_TOKEN: tokens.viewer } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Failed:\n  project web: 403 forbidden');
    expect(run.stdout).toContain(
      'Not done (they depend on a failed change):\n  segment web/beta-users (because project web failed)',
    );
    expect(run.stdout).toContain('Apply incomplete: 0 done, 1 failed, 6 not done');
    expect(server.counts().writes).toBe(1);
  });

  it('exits 1 with a JSON error when the server cannot be reached', async () => {
    const file = await writeState(sampleState());
    const run = await runCli(['plan', '-f', file, '--json'], {
      env: { ...env, FLAGPLANE_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(1);
    expect(run.json<{ error: { type: string } }>().error.type).toBe('ConnectionError');
  });
});
