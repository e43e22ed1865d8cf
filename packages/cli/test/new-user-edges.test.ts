/**
 * What a new user meets first, through the real binary against a real server: what a plan says beside a
 * conflict or a warning, messages about a file that cannot be read or is written wrong, paths typed
 * under `npx`, and help that shows how to start.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalJson, cdktfInventory } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { sampleState } from './support/sample-state.js';
import { type RunningTestServer, startTestServer, tokens } from './support/test-server.js';

let server: RunningTestServer;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-cli-edges-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
  const created = await fetch(`${server.baseUrl}/api/v1/orgs/acme/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'billing' }),
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

async function write(name: string, text: string): Promise<string> {
  const file = path.join(directory, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('what plan says last', () => {
  it('names a conflict instead of "No changes", and exits 1', async () => {
    const file = await write(
      'elsewhere.yaml',
      'organization: acme\nprojects:\n  - key: platform\n    managedElsewhere: true\n    environments: [{ key: production }]\n',
    );
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain('✗ project platform is managed elsewhere and does not exist');
    expect(plan.stdout).not.toContain('No changes');
    expect(lastLine(plan.stdout)).toMatch(/^Cannot apply: 1 conflict above/);
  });

  it('points at a warning instead of saying all is well', async () => {
    const state = sampleState();
    state.projects[0]!.sdkKeys = [
      { name: 'server', environment: 'production', type: 'ServerSide', plaintextFile: 'keys/server.key' },
    ];
    const file = await write('with-key/flags.json', JSON.stringify(state));
    expect((await runCli(['apply', '-f', file, '--yes'], { env })).code).toBe(0);
    await rm(path.join(directory, 'with-key', 'keys'), { recursive: true });
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('its plaintext file');
    expect(lastLine(plan.stdout)).toBe('No changes to make, but the 1 warning above needs attention.');
  });

  it('sums up the organization’s other projects in one line', async () => {
    const plan = await runCli(['plan', '-f', path.join(directory, 'with-key', 'flags.json')], { env });
    expect(plan.stdout).toContain(
      '· 1 other project of acme: not in this file, never changed by it: billing',
    );
    expect(plan.stdout).not.toContain('project billing\n');
  });
});

describe('a desired state that cannot be read, or is written wrong', () => {
  it('says a missing file is missing, not that it has a problem', async () => {
    const run = await runCli(['plan', '-f', path.join(directory, 'nope.yaml')], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: cannot read the desired state ${path.join(directory, 'nope.yaml')}: no such file\n`,
    );
  });

  it('gives the line and column of a YAML syntax error', async () => {
    const file = await write(
      'broken.yaml',
      'organization: acme\nprojects:\n  - key: web\n   environments: []\n',
    );
    const run = await runCli(['plan', '-f', file], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/line 4, column \d+: /);
  });

  it('says to quote a number where text is wanted, and states key rules in words', async () => {
    const file = await write(
      'typed.yaml',
      [
        'organization: acme',
        'projects:',
        '  - key: my web',
        '    environments: [{ key: production }]',
        '    flags:',
        '      - key: limit',
        '        type: Number',
        '        variations: [{ key: low, value: 50 }]',
        '',
      ].join('\n'),
    );
    const run = await runCli(['plan', '-f', file], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'line 3: projects[0].key: may hold only lower-case letters, digits, "_" and "-", starting with a letter or digit (no spaces)',
    );
    expect(run.stderr).toContain(
      'expected string, received number 50: quote it ("50") so that it is read as text',
    );
  });
});

describe('paths typed under npx', () => {
  it('reads --synth . from the directory npx was run in, not the package directory npm moved to', async () => {
    const stack = path.join(directory, 'app', 'cdktf.out', 'stacks', 'flags');
    await write(
      'app/cdktf.out/stacks/flags/cdk.tf.json',
      JSON.stringify({
        resource: {
          terraform_data: {
            [cdktfInventory.resourceName]: {
              triggers_replace: { [cdktfInventory.triggerKey]: canonicalJson(sampleState()) },
            },
          },
        },
      }),
    );
    // What `npx flagplane plan --synth .` in the stack directory does: npm runs it in the package directory.
    const underNpx = await runCli(['plan', '--synth', '.', '--json'], {
      cwd: path.join(directory, 'app'),
      env: { ...env, INIT_CWD: stack, npm_command: 'exec' },
    });
    expect(underNpx.code, underNpx.stderr).toBe(2);
    // A provisioner of a Terraform that `npx cdktf deploy` started inherits INIT_CWD from above: its own directory wins.
    const inProvisioner = await runCli(['plan', '--synth', '.', '--json'], {
      cwd: stack,
      env: { ...env, INIT_CWD: path.join(directory, 'app'), npm_command: 'exec' },
    });
    expect(inProvisioner.code, inProvisioner.stderr).toBe(2);
  });
});

describe('help', () => {
  it.each([
    [[]],
    [['plan']],
    [['apply']],
    [['destroy']],
    [['export']],
    [['resource']],
    [['inventory', 'prune']],
  ])('flagplane %s --help shows examples', async (command) => {
    const run = await runCli([...command, '--help']);
    expect(run.code).toBe(0);
    const examples = run.stdout.split('\nExamples:\n')[1] ?? '';
    expect(examples).toMatch(/^ {2}.*\bflagplane [a-z]/m);
  });

  it('suggests the closest command for an unknown one, at every level', async () => {
    const top = await runCli(['pln']);
    expect(top.code).toBe(1);
    expect(top.stderr).toContain("error: unknown command 'pln'\n(Did you mean plan?)");
    const nested = await runCli(['resource', 'ensur']);
    expect(nested.stderr).toContain("error: unknown command 'ensur'\n(Did you mean ensure?)");
  });
});
