/**
 * The CDKTF constructs deployed by Terraform itself (terraform_data: built into Terraform, so nothing is
 * downloaded), against a real reference server: every change a team makes to its stack, what Terraform
 * plans for it, which provisioners run, and what the live state looks like after each. The null_resource
 * variant of every version is checked by Terraform as far as it can go here (`terraform init`: the
 * hashicorp/null provider cannot be downloaded); both variants synthesize the same triggers and
 * provisioners (packages/cdktf/test/synth.test.ts).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@flagplane/test-support/process';
import {
  checkQueuedStacks,
  queueStackCheck,
  type TerraformOutcome,
  TerraformWorkspace,
  terraformAvailable,
} from '@flagplane/test-support/terraform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstVersion, installCli, type StackVersion, synthesize } from './support/deployment-stack.js';
import { ownerToken, type ReferenceServer, startReferenceServer } from './support/reference-server.js';

const cliBin = fileURLToPath(new URL('../packages/cli/dist/flagplane.js', import.meta.url));
let server: ReferenceServer;
let directory: string;
let terraform: TerraformWorkspace;
let stackDirectory: string;
const logs: string[] = [];
const traceLog = () => path.join(directory, 'terraform-trace.log');

interface Flag {
  id: string;
  key: string;
  name: string;
  isArchived: boolean;
}
interface Configuration {
  isEnabled: boolean;
  strategy: string;
  percentageRollout: { variationId: string; weight: number }[] | null;
  rules: { rolloutPercentage: number | null; conditionGroups: unknown[] }[];
}

/** Synthesizes the version (and checks its null_resource twin), then `terraform apply`. */
async function deploy(version: StackVersion): Promise<TerraformOutcome> {
  stackDirectory = synthesize(directory, version, { backingResource: 'terraform_data' });
  queueStackCheck(stackDirectory);
  const nullVariant = path.join(directory, 'null-variant');
  await mkdir(nullVariant, { recursive: true });
  queueStackCheck(synthesize(nullVariant, version, { secretsDirectory: directory }));
  const outcome = await terraform.apply();
  logs.push(outcome.log);
  return outcome;
}

/** `action type.Construct_Path` for each planned change, without the logical ids' hash suffix. */
const changed = (outcome: TerraformOutcome) =>
  outcome.changes.map((change) => `${change.action} ${change.address.replace(/_[0-9A-F]{8}$/, '')}`).sort();
/** `when subcommand` of each provisioner that ran (the CLI path left out). */
const ran = (outcome: TerraformOutcome) =>
  outcome.runs.map((run) => `${run.when} ${run.command.replace(/^node \S+ /, '')}`).sort();

describe.skipIf(!terraformAvailable())('a stack deployed by Terraform through its provisioners', () => {
  beforeAll(async () => {
    server = await startReferenceServer();
    directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-deploy-'));
    installCli(directory);
    stackDirectory = path.join(directory, 'cdktf.out', 'stacks', 'flags');
    synthesize(directory, firstVersion, { backingResource: 'terraform_data' });
    // The token lives only in the environment Terraform runs in; the trace log shows what Terraform saw.
    terraform = new TerraformWorkspace(stackDirectory, {
      FLAGPLANE_BASE_URL: server.baseUrl,
      FLAGPLANE_TOKEN: ownerToken,
      TF_LOG: 'TRACE',
      TF_LOG_PATH: traceLog(),
    });
    await terraform.init();
  });

  afterEach(checkQueuedStacks);

  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('first apply creates every resource and adopts a flag that already existed', async () => {
    expect(
      await server.send('POST', '/projects', { key: 'web', environments: [{ key: 'development' }] }),
    ).toBe(201);
    expect(
      await server.send('POST', '/projects/web/flags', {
        key: 'adopted',
        type: 'Boolean',
        name: 'Made by hand',
      }),
    ).toBe(201);

    const outcome = await deploy(firstVersion);
    expect(outcome.errors).toEqual([]);
    expect(outcome.code).toBe(0);
    expect(outcome.changes.every((change) => change.action === 'create')).toBe(true);
    expect(outcome.runs.filter((run) => !run.succeeded)).toEqual([]);
    expect(await terraform.stateAddresses()).toHaveLength(outcome.changes.length);

    const environments = await server.get<{ items: { key: string; color: string }[] }>(
      '/projects/web/environments',
    );
    expect(environments.items.map((environment) => [environment.key, environment.color])).toEqual([
      ['development', '#22c55e'],
      ['production', '#ef4444'],
    ]);
    expect((await server.get<Flag>('/projects/web/flags/adopted')).name).toBe('Adopted by code');
    expect(await server.get('/projects/web/flags/banner-text')).toMatchObject({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a value with Terraform template syntax, kept verbatim
      variations: [{ key: 'hello', value: 'Hello ${name}' }, { key: 'welcome' }],
    });
    const banner = await server.get<Configuration>('/projects/web/flags/banner-text/environments/production');
    expect(banner).toMatchObject({ isEnabled: true, strategy: 'PercentageRollout' });
    expect(banner.percentageRollout?.map((weighted) => weighted.weight).sort()).toEqual([20, 80]);
    const checkout = await server.get<Configuration>(
      '/projects/web/flags/new-checkout/environments/production',
    );
    expect(checkout.rules).toHaveLength(1);
    expect((await server.get<Flag>('/projects/web/flags/theme')).key).toBe('theme');

    const plaintext = (await readFile(path.join(directory, 'secrets', 'web-server.key'), 'utf8')).trim();
    expect(plaintext).toMatch(/^fp_srv_/);
  });

  it('a second apply of the same stack plans nothing, runs nothing and writes nothing', async () => {
    const writesBefore = server.writes();
    expect(await terraform.plan()).toEqual([]);
    const outcome = await deploy(firstVersion);
    expect(outcome.code).toBe(0);
    expect(outcome.changes).toEqual([]);
    expect(outcome.runs).toEqual([]);
    expect(server.writes()).toBe(writesBefore);
  });

  it('every flag claims each environment of its project, as `flagplane plan --synth` of the same stack does (§20)', async () => {
    // banner-text configures production only, adopted configures nothing: development is reconciled too.
    for (const flag of ['new-checkout', 'banner-text', 'adopted']) {
      expect(
        (await server.get<{ managedBy: unknown }>(`/projects/web/flags/${flag}`)).managedBy,
      ).toMatchObject({
        source: 'cdktf:flags',
        environments: ['development', 'production'],
      });
    }
    // The provisioners and the inventory read by the CLI reconcile the same environments: nothing to do.
    const writesBefore = server.writes();
    const plan = await runProcess(process.execPath, [cliBin, 'plan', '--synth', stackDirectory], {
      env: { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: ownerToken },
    });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes');
    expect(server.writes()).toBe(writesBefore);
  });

  it('a changed rollout replaces only that flag’s configuration resource, and the flag is never re-created', async () => {
    const before = await server.get<Flag>('/projects/web/flags/banner-text');
    const outcome = await deploy({ ...firstVersion, bannerWeights: [50, 50] });
    expect(outcome.code).toBe(0);
    expect(changed(outcome)).toEqual([
      'replace terraform_data.Web_Banner_Configuration',
      'replace terraform_data.flagplane_inventory',
    ]);
    expect(ran(outcome)).toEqual([
      'create resource configure --kind flag',
      'destroy inventory prune --synth .',
    ]);
    const banner = await server.get<Configuration>('/projects/web/flags/banner-text/environments/production');
    expect(banner.percentageRollout?.map((weighted) => weighted.weight)).toEqual([50, 50]);
    expect((await server.get<Flag>('/projects/web/flags/banner-text')).id).toBe(before.id);
  });

  it('an added rule and a renamed flag are applied in place', async () => {
    const outcome = await deploy({
      ...firstVersion,
      bannerWeights: [50, 50],
      countryRule: true,
      bannerName: 'Banner text',
    });
    expect(outcome.code).toBe(0);
    expect(outcome.runs.every((run) => run.succeeded)).toBe(true);
    const checkout = await server.get<Configuration>(
      '/projects/web/flags/new-checkout/environments/production',
    );
    expect(checkout.rules.map((rule) => rule.rolloutPercentage)).toEqual([null, 25]);
    expect((await server.get<Flag>('/projects/web/flags/banner-text')).name).toBe('Banner text');
  });

  const current: StackVersion = {
    ...firstVersion,
    bannerWeights: [50, 50],
    countryRule: true,
    bannerName: 'Banner text',
  };

  it('a flag removed from the code is archived by the inventory (its own destroy provisioner never runs)', async () => {
    const outcome = await deploy({ ...current, legacyFlag: false });
    expect(outcome.code).toBe(0);
    expect(changed(outcome)).toEqual([
      'delete terraform_data.Web_Legacy_Configuration',
      'delete terraform_data.Web_Legacy_Identity',
      'replace terraform_data.flagplane_inventory',
    ]);
    expect(outcome.runs.map((run) => `${run.when} ${run.address}`)).toEqual([
      'destroy terraform_data.flagplane_inventory',
    ]);
    expect((await server.get<Flag>('/projects/web/flags/legacy')).isArchived).toBe(true);
  });

  it('an SDK key removed from the code is revoked', async () => {
    const outcome = await deploy({ ...current, legacyFlag: false, sdkKey: false });
    expect(outcome.code).toBe(0);
    const keys = await server.get<{ items: { name: string; isActive: boolean }[] }>(
      '/projects/web/environments/production/sdk-keys',
    );
    expect(keys.items.map((key) => [key.name, key.isActive])).toEqual([['web-server', false]]);
  });

  it('a changed identity replaces the resource: the old flag is archived, the new one created', async () => {
    const outcome = await deploy({ ...current, legacyFlag: false, sdkKey: false, limitKey: 'limit-v2' });
    expect(outcome.code).toBe(0);
    expect(changed(outcome)).toEqual([
      'replace terraform_data.Web_Limit_Configuration',
      'replace terraform_data.Web_Limit_Identity',
      'replace terraform_data.flagplane_inventory',
    ]);
    const removal = outcome.runs.find(
      (run) => run.when === 'destroy' && run.address.includes('Limit_Identity'),
    );
    expect(removal).toMatchObject({
      succeeded: true,
      command: expect.stringContaining('resource remove --kind flag'),
    });
    expect((await server.get<Flag>('/projects/web/flags/limit')).isArchived).toBe(true);
    expect((await server.get<Flag>('/projects/web/flags/limit-v2')).isArchived).toBe(false);
  });

  it('terraform destroy applies every removal policy: the project is deleted', async () => {
    const outcome = await terraform.destroy();
    logs.push(outcome.log);
    expect(outcome.errors).toEqual([]);
    expect(outcome.code).toBe(0);
    expect(
      outcome.runs
        .filter((run) => !run.succeeded)
        .map((run) => run.address.replace(/_[0-9A-F]{8}$/, ''))
        .sort(),
    ).toEqual([
      // The API keeps an archived flag's rules, so the segment they use cannot be deleted alone;
      // its removal may fail (on_failure = continue), and it goes with the project.
      'terraform_data.Web_Beta_Identity',
      // A project keeps one environment: the last one goes with the project.
      expect.stringMatching(/^terraform_data\.Web_(Development|Production)_Identity$/),
    ]);
    expect(await terraform.stateAddresses()).toEqual([]);
    expect(await server.send('GET', '/projects/web')).toBe(404);
  });

  it('no token or SDK-key plaintext reaches the synthesized JSON, Terraform’s state, its output or its trace log', async () => {
    const plaintext = (await readFile(path.join(directory, 'secrets', 'web-server.key'), 'utf8')).trim();
    const files = [
      path.join(stackDirectory, 'cdk.tf.json'),
      path.join(stackDirectory, 'terraform.tfstate'),
      path.join(stackDirectory, 'terraform.tfstate.backup'),
      traceLog(),
    ];
    const texts = [...(await Promise.all(files.map((file) => readFile(file, 'utf8')))), ...logs];
    expect(texts[3]).toContain('local-exec');
    expect(logs.join('\n')).toContain('resource configure');
    for (const text of texts) {
      expect(text).not.toContain(ownerToken);
      expect(text).not.toContain(plaintext);
      expect(text).not.toMatch(/fp_(srv|cli|pat|svc)_[A-Za-z0-9]{40}/);
    }
  });
});
