/**
 * The CDKTF constructs deployed the way Terraform would deploy them (the stand-in in
 * support/terraform: same plan, same order, same provisioner environment), against a real reference
 * server: every change a team makes to its stack, and what the live state looks like after each.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstVersion, installCli, type StackVersion, synthesize } from './support/deployment-stack.js';
import { ownerToken, type ReferenceServer, startReferenceServer } from './support/reference-server.js';
import { type ApplyResult, TerraformSimulator } from './support/terraform/terraform-simulator.js';

let server: ReferenceServer;
let directory: string;
let terraform: TerraformSimulator;
let stackDirectory: string;
const logFile = () => path.join(directory, 'terraform.log');

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

async function deploy(version: StackVersion): Promise<ApplyResult> {
  stackDirectory = synthesize(directory, version);
  return terraform.apply();
}

const replaced = (result: ApplyResult) =>
  result.changes.map((change) => `${change.action} ${change.address.replace(/_[0-9A-F]{8}$/, '')}`).sort();

beforeAll(async () => {
  server = await startReferenceServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-deploy-'));
  installCli(directory);
  stackDirectory = path.join(directory, 'cdktf.out', 'stacks', 'flags');
  terraform = new TerraformSimulator(
    stackDirectory,
    {
      PATH: process.env.PATH ?? '',
      HOME: directory,
      NO_COLOR: '1',
      FLAGPLANE_BASE_URL: server.baseUrl,
      FLAGPLANE_TOKEN: ownerToken,
    },
    path.join(directory, 'terraform.log'),
  );
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('a stack deployed through its provisioners', () => {
  it('first deploy creates every resource and adopts a flag that already existed', async () => {
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

    const result = await deploy(firstVersion);
    expect(result.runs.filter((run) => run.code !== 0)).toEqual([]);

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

  it('a re-deploy with no change runs no command', async () => {
    const result = await deploy(firstVersion);
    expect(result.changes).toEqual([]);
    expect(result.runs).toEqual([]);
  });

  it('a changed rollout replaces only that flag’s configuration resource, and the flag is never re-created', async () => {
    const before = await server.get<Flag>('/projects/web/flags/banner-text');
    const result = await deploy({ ...firstVersion, bannerWeights: [50, 50] });
    expect(replaced(result)).toEqual([
      'replace null_resource.Web_Banner_Configuration',
      'replace null_resource.flagplane_inventory',
    ]);
    expect(
      result.runs.map((run) => `${run.when} ${run.command.split(' ').slice(2).join(' ')}`).sort(),
    ).toEqual(['create resource configure --kind flag', 'destroy inventory prune --synth .']);
    const banner = await server.get<Configuration>('/projects/web/flags/banner-text/environments/production');
    expect(banner.percentageRollout?.map((weighted) => weighted.weight)).toEqual([50, 50]);
    expect((await server.get<Flag>('/projects/web/flags/banner-text')).id).toBe(before.id);
  });

  it('an added rule and a renamed flag are applied in place', async () => {
    const result = await deploy({
      ...firstVersion,
      bannerWeights: [50, 50],
      countryRule: true,
      bannerName: 'Banner text',
    });
    expect(result.runs.every((run) => run.code === 0)).toBe(true);
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
    const result = await deploy({ ...current, legacyFlag: false });
    expect(replaced(result)).toEqual([
      'delete null_resource.Web_Legacy_Configuration',
      'delete null_resource.Web_Legacy_Identity',
      'replace null_resource.flagplane_inventory',
    ]);
    expect(result.runs.map((run) => run.address)).toEqual(['null_resource.flagplane_inventory']);
    expect((await server.get<Flag>('/projects/web/flags/legacy')).isArchived).toBe(true);
  });

  it('an SDK key removed from the code is revoked', async () => {
    await deploy({ ...current, legacyFlag: false, sdkKey: false });
    const keys = await server.get<{ items: { name: string; isActive: boolean }[] }>(
      '/projects/web/environments/production/sdk-keys',
    );
    expect(keys.items.map((key) => [key.name, key.isActive])).toEqual([['web-server', false]]);
  });

  it('a changed identity replaces the resource: the old flag is archived, the new one created', async () => {
    const result = await deploy({ ...current, legacyFlag: false, sdkKey: false, limitKey: 'limit-v2' });
    expect(replaced(result)).toEqual([
      'replace null_resource.Web_Limit_Configuration',
      'replace null_resource.Web_Limit_Identity',
      'replace null_resource.flagplane_inventory',
    ]);
    const removal = result.runs.find(
      (run) => run.when === 'destroy' && run.address.includes('Limit_Identity'),
    );
    expect(removal?.code).toBe(0);
    expect((await server.get<Flag>('/projects/web/flags/limit')).isArchived).toBe(true);
    expect((await server.get<Flag>('/projects/web/flags/limit-v2')).isArchived).toBe(false);
  });

  it('cdktf destroy applies every removal policy: the project is deleted', async () => {
    const result = await terraform.destroy();
    expect(result.runs.filter((run) => run.code !== 0).map((run) => run.address)).toEqual([
      // The API keeps an archived flag's rules, so the segment they use cannot be deleted alone;
      // its removal may fail (on_failure = continue), and it goes with the project.
      expect.stringContaining('Web_Beta_Identity'),
      // A project keeps one environment: the last one goes with the project.
      expect.stringMatching(/Web_(Development|Production)_Identity/),
    ]);
    expect(Object.keys(terraform.readState())).toEqual([]);
    expect(await server.send('GET', '/projects/web')).toBe(404);
  });

  it('no token or SDK-key plaintext reaches the synthesized JSON, the state or the logs', async () => {
    const plaintext = (await readFile(path.join(directory, 'secrets', 'web-server.key'), 'utf8')).trim();
    const texts = await Promise.all(
      [
        path.join(stackDirectory, 'cdk.tf.json'),
        path.join(stackDirectory, 'terraform.tfstate'),
        logFile(),
      ].map((file) => readFile(file, 'utf8').catch(() => '')),
    );
    expect(texts[2]).toContain('resource configure');
    for (const text of texts) {
      expect(text).not.toContain(ownerToken);
      expect(text).not.toContain(plaintext);
      expect(text).not.toMatch(/fp_(srv|cli|pat|svc)_[A-Za-z0-9]{40}/);
    }
  });
});
