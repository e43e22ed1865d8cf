/**
 * The "Deploy" section of examples/infra/README.md, run as written (cdktf-cli and Terraform, terraform_data
 * resources: nothing to download), against a real reference server. The example is copied to a
 * directory of its own (its packages linked in), so other tests synthesizing it are not disturbed.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@flagplane/test-support/process';
import { terraformAvailable } from '@flagplane/test-support/terraform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, type ReferenceServer, startReferenceServer } from './support/reference-server.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const example = path.join(repository, 'examples', 'infra');

/** The shell lines of the README section headed `heading` (code blocks only, comments and prompts removed). */
function commandsOfSection(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((match) => (match[1] ?? '').split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.length > 0);
}

let server: ReferenceServer;
let directory: string;
let app: string;
let commands: string[];

describe.skipIf(!terraformAvailable())('examples/infra README: Deploy, as written', () => {
  beforeAll(async () => {
    server = await startReferenceServer();
    directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-infra-readme-'));
    app = path.join(directory, 'infra');
    await mkdir(app);
    for (const file of ['main.ts', 'cdktf.json', 'package.json', 'tsconfig.json']) {
      await copyFile(path.join(example, file), path.join(app, file));
    }
    await symlink(path.join(repository, 'node_modules'), path.join(app, 'node_modules'), 'dir');
    commands = commandsOfSection(await readFile(path.join(example, 'README.md'), 'utf8'), 'Deploy');
  });

  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  /** Runs the README's command that starts with `prefix`, in the app, in the environment the README sets. */
  async function run(prefix: string) {
    const command = commands.find((candidate) => candidate.startsWith(prefix));
    if (!command) throw new Error(`the README's Deploy section has no command starting with "${prefix}"`);
    const result = await runProcess('/bin/sh', ['-c', command], {
      cwd: app,
      env: {
        FLAGPLANE_BASE_URL: server.baseUrl,
        FLAGPLANE_TOKEN: ownerToken,
        CHECKPOINT_DISABLE: '1',
        CI: 'true',
        // cdktf-cli's plugin cache and Terraform's CLI configuration stay out of the user's home.
        HOME: directory,
        CDKTF_DISABLE_PLUGIN_CACHE_ENV: '1',
        TF_CLI_CONFIG_FILE: '',
      },
    });
    expect(result.code, `${command}\n${result.stdout}\n${result.stderr}`).toBe(0);
    return result;
  }

  it('sets exactly the environment this test provides', () => {
    const exported = commands
      .filter((command) => command.startsWith('export '))
      .flatMap((command) => [...command.matchAll(/\b([A-Z_]+)=/g)].map((match) => match[1]));
    expect(exported.sort()).toEqual(['CHECKPOINT_DISABLE', 'FLAGPLANE_BASE_URL', 'FLAGPLANE_TOKEN']);
  });

  it('npx cdktf synth writes the stack', async () => {
    await run('npx cdktf synth');
    const stack = JSON.parse(
      await readFile(path.join(app, 'cdktf.out', 'stacks', 'flags', 'cdk.tf.json'), 'utf8'),
    ) as { resource: Record<string, unknown> };
    expect(Object.keys(stack.resource)).toEqual(['terraform_data']);
  });

  it('npx cdktf deploy creates both projects, their flags and the SDK key file', async () => {
    await run('npx cdktf deploy flags');
    const projects = await server.get<{ items: { key: string }[] }>('/projects');
    expect(projects.items.map((project) => project.key)).toEqual(['mobile', 'web']);
    const flags = await server.get<{ items: { key: string }[] }>('/projects/web/flags');
    expect(flags.items.map((flag) => flag.key)).toEqual([
      'banner-text',
      'new-checkout',
      'page-size',
      'theme',
    ]);
    const keyFile = path.join(app, 'secrets', 'web-server.key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await stat(path.join(app, 'terraform.flags.tfstate'))).toBeTruthy();
  });

  it('terraform apply on the synthesized stack changes nothing and writes nothing', async () => {
    await run('terraform -chdir=cdktf.out/stacks/flags init');
    const writes = server.writes();
    const apply = await run('terraform -chdir=cdktf.out/stacks/flags apply');
    expect(apply.stdout).toContain('No changes.');
    expect(server.writes()).toBe(writes);
  });

  it('npx cdktf destroy applies every removal policy: both projects are deleted', async () => {
    await run('npx cdktf destroy flags');
    expect(await server.send('GET', '/projects/web')).toBe(404);
    expect(await server.send('GET', '/projects/mobile')).toBe(404);
  });
});
