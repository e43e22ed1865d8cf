/** The commands the CDKTF provisioners run: one resource from FLAGPLANE_SPEC (or stdin), and inventory removals. */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalJson, cdktfInventory, type DesiredStateInput } from '@flagplane/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { type RunningTestServer, startTestServer, tokens } from './support/test-server.js';

let server: RunningTestServer;
let directory: string;
let env: Record<string, string>;

beforeEach(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-provisioner-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const api = (url: string) =>
  fetch(`${server.baseUrl}/api/v1/orgs/acme${url}`, {
    headers: { authorization: `Bearer ${tokens.owner}` },
  }).then((response) => response.json() as Promise<Record<string, unknown>>);

function resource(verb: string, kind: string, spec: unknown) {
  return runCli(['resource', verb, '--kind', kind, '--json'], {
    env: { ...env, FLAGPLANE_SPEC: JSON.stringify(spec) },
    cwd: directory,
  });
}

const project = { organization: 'acme', project: { key: 'web', environments: [{ key: 'production' }] } };
const flag = {
  organization: 'acme',
  project: 'web',
  flag: {
    key: 'banner',
    type: 'String',
    variations: [
      { key: 'a', value: 'A' },
      { key: 'b', value: 'B' },
    ],
    environments: { production: { enabled: true, rules: [{ variation: 'b', segment: 'beta' }] } },
    removalPolicy: 'archive',
  },
};

describe('flagplane resource', () => {
  it('ensures a project, then a segment, a flag and its configuration, each idempotently', async () => {
    expect((await resource('ensure', 'project', project)).code).toBe(0);
    expect((await api('/projects/web/environments')).items).toEqual([
      expect.objectContaining({ key: 'production' }),
    ]);

    expect(
      (
        await resource('configure', 'segment', {
          organization: 'acme',
          project: 'web',
          segment: { key: 'beta', included: ['u1'] },
        })
      ).code,
    ).toBe(0);

    const ensured = await resource('ensure', 'flag', flag);
    expect(ensured.code, ensured.stdout).toBe(0);
    expect(ensured.json<{ result: { done: string[] } }>().result.done).toEqual(['flag web/banner']);
    expect((await api('/projects/web/flags/banner/environments/production')).isEnabled).toBe(false);

    const configured = await resource('configure', 'flag', flag);
    expect(configured.json<{ result: { done: string[] } }>().result.done).toEqual([
      'configuration web/banner@production',
    ]);
    expect((await api('/projects/web/flags/banner/environments/production')).isEnabled).toBe(true);

    server.resetCounts();
    for (const [verb, kind, spec] of [
      ['ensure', 'project', project],
      ['configure', 'flag', flag],
      ['ensure', 'flag', flag],
    ] as const) {
      const run = await resource(verb, kind, spec);
      expect(run.code).toBe(0);
      expect(run.json<{ plan: { hasChanges: boolean } }>().plan.hasChanges).toBe(false);
    }
    expect(server.counts().writes).toBe(0);
  });

  it('creates an SDK key with its plaintext in a 0600 file, and revokes it on remove', async () => {
    await resource('ensure', 'project', project);
    const spec = {
      organization: 'acme',
      project: 'web',
      sdkKey: {
        name: 'server',
        environment: 'production',
        type: 'ServerSide',
        plaintextFile: 'keys/server.key',
      },
    };
    const created = await resource('configure', 'sdk-key', spec);
    expect(created.code).toBe(0);
    const file = path.join(directory, 'keys/server.key');
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^fp_srv_/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(created.stdout).not.toContain((await readFile(file, 'utf8')).trim());

    const removed = await resource('remove', 'sdk-key', spec);
    expect(removed.code).toBe(0);
    const keys = (await api('/projects/web/environments/production/sdk-keys')).items as {
      isActive: boolean;
    }[];
    expect(keys.map((key) => key.isActive)).toEqual([false]);
  });

  it('applies the removal policy of one resource', async () => {
    await resource('ensure', 'project', project);
    await resource('configure', 'segment', {
      organization: 'acme',
      project: 'web',
      segment: { key: 'beta' },
    });
    await resource('configure', 'flag', flag);
    const removed = await resource('remove', 'flag', flag);
    expect(removed.json<{ result: { done: string[] } }>().result.done).toEqual(['flag web/banner']);
    expect((await api('/projects/web/flags/banner')).isArchived).toBe(true);
    const retained = await resource('remove', 'segment', {
      organization: 'acme',
      project: 'web',
      segment: { key: 'beta', removalPolicy: 'retain' },
    });
    expect(retained.json<{ plan: { hasChanges: boolean } }>().plan.hasChanges).toBe(false);
    expect((await api('/projects/web/segments/beta')).key).toBe('beta');
  });

  it('removes from the identity and the policy alone, and still refuses a misspelt policy', async () => {
    await resource('ensure', 'project', project);
    await resource('configure', 'segment', {
      organization: 'acme',
      project: 'web',
      segment: { key: 'beta' },
    });
    await resource('configure', 'flag', flag);
    const sdkKey = { name: 'server', environment: 'production', type: 'ServerSide' } as const;
    await resource('configure', 'sdk-key', { organization: 'acme', project: 'web', sdkKey });

    const misspelt = await resource('remove', 'flag', {
      organization: 'acme',
      project: 'web',
      flag: { key: 'banner', removalPolicys: 'retain' },
    });
    expect(misspelt.code).toBe(1);
    expect(misspelt.json<{ error: { problems: string[] } }>().error.problems).toEqual([
      'flag.removalPolicys: unknown property; did you mean "removalPolicy"?',
    ]);

    const archived = await resource('remove', 'flag', {
      organization: 'acme',
      project: 'web',
      flag: { key: 'banner', removalPolicy: 'archive' },
    });
    expect(archived.code, archived.stderr).toBe(0);
    expect((await api('/projects/web/flags/banner')).isArchived).toBe(true);
    const revoked = await resource('remove', 'sdk-key', {
      organization: 'acme',
      project: 'web',
      sdkKey: { name: 'server', environment: 'production' },
    });
    expect(revoked.code, revoked.stderr).toBe(0);
    const keys = (await api('/projects/web/environments/production/sdk-keys')).items as {
      isActive: boolean;
    }[];
    expect(keys.map((key) => key.isActive)).toEqual([false]);
  });

  it("reconciles a flag in the spec's projectEnvironments, and claims exactly those (§20)", async () => {
    const stack = { organization: 'acme', source: 'cdktf:flags' };
    await resource('ensure', 'project', {
      ...stack,
      project: { key: 'web', environments: [{ key: 'development' }, { key: 'production' }] },
    });
    // An environment someone added by hand: not in the stack, so never reconciled nor claimed by it.
    await resource('configure', 'environment', { ...stack, project: 'web', environment: { key: 'qa' } });
    const spec = {
      ...stack,
      project: 'web',
      projectEnvironments: ['development', 'production'],
      flag: { key: 'checkout', type: 'Boolean', environments: { production: { enabled: true } } },
    };
    const ensured = await resource('ensure', 'flag', { ...spec, flag: { key: 'checkout', type: 'Boolean' } });
    expect(ensured.code, ensured.stderr).toBe(0);
    const managedBy = async () => (await api('/projects/web/flags/checkout')).managedBy;
    expect(await managedBy()).toMatchObject({
      source: 'cdktf:flags',
      environments: ['development', 'production'],
    });

    await fetch(
      `${server.baseUrl}/api/v1/orgs/acme/projects/web/flags/checkout/environments/development/toggle`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      },
    );
    await fetch(`${server.baseUrl}/api/v1/orgs/acme/projects/web/flags/checkout/environments/qa/toggle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    });
    const configured = await resource('configure', 'flag', spec);
    expect(configured.code, configured.stderr).toBe(0);
    expect(configured.json<{ result: { done: string[] } }>().result.done.sort()).toEqual([
      'configuration web/checkout@development',
      'configuration web/checkout@production',
    ]);
    expect((await api('/projects/web/flags/checkout/environments/development')).isEnabled).toBe(false);
    expect((await api('/projects/web/flags/checkout/environments/qa')).isEnabled).toBe(true);

    server.resetCounts();
    expect((await resource('configure', 'flag', spec)).code).toBe(0);
    expect(server.counts().writes).toBe(0);

    // A spec synthesized before projectEnvironments: every live environment, as such a stack reconciled.
    const { projectEnvironments: _, ...older } = spec;
    const widened = await resource('configure', 'flag', older);
    expect(widened.code, widened.stderr).toBe(0);
    expect(await managedBy()).toMatchObject({ environments: ['development', 'production', 'qa'] });
    expect((await api('/projects/web/flags/checkout/environments/qa')).isEnabled).toBe(false);
  });

  it('claims at ensure only the listed environments that exist yet, and refuses a configure without them', async () => {
    await resource('ensure', 'project', project);
    const spec = {
      organization: 'acme',
      source: 'cdktf:flags',
      project: 'web',
      projectEnvironments: ['production', 'staging'],
      flag: { key: 'checkout', type: 'Boolean' },
    };
    // Terraform may create the flag before the stack's new environment: ensure does not wait for it.
    const ensured = await resource('ensure', 'flag', spec);
    expect(ensured.code, ensured.stderr).toBe(0);
    expect((await api('/projects/web/flags/checkout')).managedBy).toMatchObject({
      environments: ['production'],
    });
    const configured = await resource('configure', 'flag', spec);
    expect(configured.code).toBe(1);
    expect(configured.json<{ error: { message: string } }>().error.message).toBe(
      'project "web" has no environment "staging"',
    );
    await resource('configure', 'environment', {
      organization: 'acme',
      project: 'web',
      environment: { key: 'staging' },
    });
    expect((await resource('configure', 'flag', spec)).code).toBe(0);
    expect((await api('/projects/web/flags/checkout')).managedBy).toMatchObject({
      environments: ['production', 'staging'],
    });
  });

  it('reads the spec from stdin when FLAGPLANE_SPEC is not set', async () => {
    const run = await runCli(['resource', 'ensure', '--kind', 'project'], {
      env,
      input: JSON.stringify(project),
    });
    expect(run.code, run.stderr).toBe(0);
    expect((await api('/projects/web')).key).toBe('web');
  });

  it('reports every problem of a bad spec with its path, before any request', async () => {
    const run = await resource('configure', 'flag', {
      organization: 'acme',
      project: 'web',
      flag: {
        key: 'x',
        type: 'Boolean',
        enabled: true,
        environments: { production: { defaultVariation: 'ture' } },
      },
    });
    expect(run.code).toBe(1);
    expect(run.json<{ error: { problems: string[] } }>().error.problems).toEqual([
      'flag.enabled: unknown property',
      'flag.environments.production.defaultVariation: unknown variation "ture"; did you mean "true"?',
    ]);
    expect(server.counts().total).toBe(0);
  });

  it('refuses a flag configured in an environment its projectEnvironments leave out, before any request', async () => {
    const run = await resource('configure', 'flag', {
      organization: 'acme',
      project: 'web',
      projectEnvironments: ['development', 'production'],
      flag: { key: 'x', type: 'Boolean', environments: { prod: { enabled: true } } },
    });
    expect(run.code).toBe(1);
    expect(run.json<{ error: { problems: string[] } }>().error.problems).toEqual([
      'flag.environments.prod: unknown environment "prod"; did you mean "production"?',
    ]);
    expect(server.counts().total).toBe(0);
  });
});

describe('flagplane inventory prune', () => {
  it('removes what the previous inventory declared and the synthesized stack no longer does, by the old policies', async () => {
    const previous: DesiredStateInput = {
      organization: 'acme',
      projects: [
        {
          key: 'web',
          environments: [{ key: 'production' }],
          segments: [{ key: 'beta' }, { key: 'kept', removalPolicy: 'retain' }],
          flags: [
            { key: 'stays', type: 'Boolean' },
            {
              key: 'goes',
              type: 'Boolean',
              environments: { production: { rules: [{ variation: 'true', segment: 'beta' }] } },
            },
            { key: 'deleted', type: 'Boolean', removalPolicy: 'delete' },
          ],
        },
      ],
    };
    const current: DesiredStateInput = {
      organization: 'acme',
      projects: [
        { key: 'web', environments: [{ key: 'production' }], flags: [{ key: 'stays', type: 'Boolean' }] },
      ],
    };
    const stateFile = path.join(directory, 'previous.json');
    await writeFile(stateFile, JSON.stringify(previous));
    expect((await runCli(['apply', '-f', stateFile], { env })).code).toBe(0);

    const stack = path.join(directory, 'cdktf.out/stacks/flags');
    await mkdir(stack, { recursive: true });
    await writeFile(
      path.join(stack, cdktfInventory.stackFile),
      JSON.stringify({
        resource: {
          null_resource: {
            [cdktfInventory.resourceName]: {
              triggers: { [cdktfInventory.triggerKey]: canonicalJson(current) },
            },
          },
        },
      }),
    );
    const run = await runCli(['inventory', 'prune', '--synth', stack, '--json'], {
      env: { ...env, FLAGPLANE_PREVIOUS_INVENTORY: canonicalJson(previous) },
    });
    expect(run.code, run.stdout).toBe(0);
    const output = run.json<{ result: { done: string[] }; plan: { notices: { resource: string }[] } }>();
    expect(output.result.done.sort()).toEqual(['flag web/deleted', 'flag web/goes', 'segment web/beta']);
    expect(output.plan.notices.map((notice) => notice.resource)).toEqual(['segment kept']);
    expect((await api('/projects/web/flags/goes')).isArchived).toBe(true);
    expect((await api('/projects/web/flags/stays')).isArchived).toBe(false);
  });
});
