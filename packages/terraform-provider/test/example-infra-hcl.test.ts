/**
 * examples/infra-hcl, as its README says: the "Apply" section's commands run as written (its two
 * `export` lines replaced by this test's server, organization and token), in a copy of the example with a
 * home directory of its own, so `install` uses Terraform's implicit plugin directory there and no CLI
 * configuration is involved. Then what the example declares is checked through the API.
 */
import { copyFile, mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@flagplane/sdk';
import { runProcess } from '@flagplane/test-support/process';
import { terraformAvailable } from '@flagplane/test-support/terraform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, type RunningServer, startServer } from './support/flagplane-server.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const example = path.join(repository, 'examples', 'infra-hcl');

/** The shell lines of the README section headed `heading` (comments removed). */
function commandsOfSection(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return [...readme.slice(start, end === -1 ? undefined : end).matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((match) => (match[1] ?? '').split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.length > 0);
}

const available = terraformAvailable();
let server: RunningServer;

beforeAll(async () => {
  if (available) server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe.skipIf(!available)('examples/infra-hcl README: Apply, as written', () => {
  it('installs offline, applies, and a second plan is empty; the secret reaches the deployment and no output', async () => {
    const commands = commandsOfSection(await readFile(path.join(example, 'README.md'), 'utf8'), 'Apply');
    expect(commands.filter((command) => !command.startsWith('export '))).toEqual([
      'npx terraform-provider-flagplane install',
      'terraform init',
      'terraform apply -auto-approve',
      'terraform plan -detailed-exitcode',
    ]);
    const root = await mkdtemp(path.join(os.tmpdir(), 'flagplane-infra-hcl-'));
    const directory = path.join(root, 'infra-hcl');
    const home = path.join(root, 'home');
    await mkdir(directory);
    await mkdir(home);
    await copyFile(path.join(example, 'main.tf'), path.join(directory, 'main.tf'));
    // npx finds the repository's commands as it would in the example directory itself.
    await symlink(path.join(repository, 'node_modules'), path.join(directory, 'node_modules'), 'dir');

    let output = '';
    for (const command of commands.filter((line) => !line.startsWith('export '))) {
      const run = await runProcess('/bin/sh', ['-c', command], {
        cwd: directory,
        inheritEnvironment: false,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          TF_IN_AUTOMATION: '1',
          NPM_CONFIG_UPDATE_NOTIFIER: 'false',
          FLAGPLANE_BASE_URL: server.baseUrl,
          FLAGPLANE_ORG: 'acme',
          FLAGPLANE_TOKEN: ownerToken,
        },
      });
      expect(run.code, `${command}\n${run.stdout}\n${run.stderr}`).toBe(0);
      output += run.stdout + run.stderr;
    }

    const client = createClient({
      baseUrl: server.baseUrl,
      token: ownerToken,
    });
    const checkout = await client.flags.retrieve('acme', 'shop', 'new-checkout');
    expect(checkout.managedBy).toMatchObject({ source: 'terraform:infra-hcl' });
    expect(checkout.temporary).toBe(true);
    expect([...(checkout.managedBy?.environments ?? [])].sort()).toEqual(['production', 'staging']);
    const segment = await client.segments.retrieve('acme', 'shop', 'beta-testers');
    const production = await client.flagEnvironments.retrieve('acme', 'shop', 'new-checkout', 'production');
    expect(
      production.rules.map((rule) => [rule.description, rule.userSegmentId, rule.rolloutPercentage]),
    ).toEqual([
      ['Beta testers', segment.id, null],
      ['Half of the Netherlands', null, 50],
    ]);
    const search = await client.flagEnvironments.retrieve('acme', 'shop', 'search-ranking', 'production');
    expect(search.strategy).toBe('PercentageRollout');
    expect(search.percentageRollout?.map((weight) => weight.weight)).toEqual([90, 10]);

    // The deployment got the key, a working one; no command printed it.
    const show = await runProcess('terraform', ['show', '-json'], {
      cwd: directory,
      inheritEnvironment: false,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        FLAGPLANE_BASE_URL: server.baseUrl,
        FLAGPLANE_ORG: 'acme',
        FLAGPLANE_TOKEN: ownerToken,
      },
    });
    const resources = (
      JSON.parse(show.stdout) as {
        values: {
          root_module: {
            resources: { address: string; values: { output?: { flagplane_sdk_key?: string } } }[];
          };
        };
      }
    ).values.root_module.resources;
    const secret =
      resources.find((resource) => resource.address === 'terraform_data.storefront_deployment')?.values.output
        ?.flagplane_sdk_key ?? '';
    expect(secret).toMatch(/^fp_srv_/);
    const storefront = createClient({
      baseUrl: server.baseUrl,
      token: secret,
    });
    expect((await storefront.sdk.flags())?.flags.map((flag) => flag.key).sort()).toEqual([
      'new-checkout',
      'search-ranking',
    ]);
    expect(output).not.toContain(secret);
    expect(output).not.toContain(ownerToken);
  });
});
