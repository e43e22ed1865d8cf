/**
 * The packages as a registry serves them. A throwaway Verdaccio; `npm run release` (version, build,
 * publish) run in a copy of the repository against it; then, in empty directories outside the repository
 * that know only that registry, each public package installed and used as its README says: the CLI
 * installed globally, the server started with `npx flagplane-server` (API and console), the SDK compiled
 * by TypeScript under nodenext and bundler resolution and run, the mock in a vitest suite without nock,
 * the OpenFeature provider, a CDKTF app synthesized and planned, the Terraform provider installed into a
 * mirror and used by `terraform init` and `plan` offline. Each package's installed size is recorded
 * (test-artifacts/registry-test.json), and the CLI's, with everything it installs, must stay under 5 MB.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '@flagplane/test-support/process';
import { terraformAvailable } from '@flagplane/test-support/terraform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Consumer, createConsumer } from '../src/consumer.js';
import {
  type InstalledServer,
  organization,
  ownerToken,
  startInstalledServer,
} from '../src/installed-server.js';
import { type InstalledSize, installedSize, sizeFrom } from '../src/installed-size.js';
import { changelogOf, publishedVersions, type Release, releaseFromCopy } from '../src/release.js';
import { publicPackages, repository } from '../src/repository.js';
import { copyRepository } from '../src/repository-copy.js';
import { type Registry, startRegistry } from '../src/verdaccio.js';

const cliBudgetBytes = 5_000_000;
const artifacts = path.join(repository, 'packages', 'release-test', 'test-artifacts');
const packages = publicPackages();
const withTerraform = terraformAvailable();

let work: string;
let registry: Registry;
let release: Release;
let server: InstalledServer | undefined;
const seconds: Record<string, number> = {};
const sizes: Record<string, InstalledSize> = {};

/** Runs `step`, recording how long it took under `name`. */
async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
  }
}

/** Consumers' projects, each installing from the registry as soon as the release is published. */
const installs = new Map<string, Promise<Consumer>>();
function project(
  name: string,
  packagesToInstall: readonly string[],
  options: { global?: boolean } = {},
): void {
  const installing = timed(`install ${name}`, async () => {
    const consumer = await createConsumer(path.join(work, name), registry);
    await consumer.install(packagesToInstall, options);
    return consumer;
  });
  installing.catch(() => {}); // awaited by its test; failing there, not as an unhandled rejection
  installs.set(name, installing);
}
const installed = (name: string) => installs.get(name) as Promise<Consumer>;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'flagplane-registry-'));
  await mkdir(artifacts, { recursive: true });
  const registryDirectory = await mkdirIn(work, 'registry');
  registry = await timed('start Verdaccio', () => startRegistry(registryDirectory));
  const copy = path.join(work, 'repository');
  await timed('copy the repository', () => copyRepository(repository, copy));
  release = await timed('npm run release', () =>
    releaseFromCopy(copy, registry, path.join(artifacts, 'release.log')),
  );
  const version = release.version;
  // Third-party packages at the versions the repository tests with, where a consumer picks them.
  project('server-app', [`@flagplane/server@${version}`]);
  project('cli-global', [`@flagplane/cli@${version}`], { global: true });
  project('sdk-app', [`@flagplane/sdk@${version}`, 'typescript@6.0.3', '@types/node@^22.19.0']);
  project('mock-app', [`@flagplane/mock@${version}`, `@flagplane/sdk@${version}`, 'vitest@^5.1.1']);
  project('openfeature-app', [`@flagplane/openfeature@${version}`, '@openfeature/server-sdk@^1.23.0']);
  project('cdktf-app', [`@flagplane/cdktf@${version}`, 'cdktf@0.21.0', 'constructs@^10.4.2']);
  project('provider-app', [`@flagplane/terraform-provider@${version}`]);
}, 20 * 60_000);

async function mkdirIn(parent: string, name: string): Promise<string> {
  const directory = path.join(parent, name);
  await mkdir(directory, { recursive: true });
  return directory;
}

afterAll(async () => {
  await server?.stop();
  await registry?.stop();
  if (registry) await writeFile(path.join(artifacts, 'verdaccio.log'), registry.output());
  await writeFile(
    path.join(artifacts, 'registry-test.json'),
    `${JSON.stringify({ version: release?.version, seconds, sizes }, null, 2)}\n`,
  );
  const table = Object.entries(sizes)
    .map(
      ([name, size]) =>
        `  ${name.padEnd(32)} ${(size.bytes / 1e6).toFixed(2).padStart(7)} MB  ${size.packages} packages`,
    )
    .join('\n');
  console.log(`Installed sizes (with what each installs):\n${table}\nSeconds: ${JSON.stringify(seconds)}`);
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

describe('the release', () => {
  it('publishes every public package at one version, with changelogs and git tags', async () => {
    const repositoryVersion = packages[0]?.manifest.version;
    if (release.hadChangesets) expect(release.version).not.toBe(repositoryVersion);
    const copy = path.join(work, 'repository');
    const tags = await runProcess('git', ['tag', '--list'], { cwd: copy });
    for (const pkg of packages) {
      expect(await publishedVersions(registry.url, pkg.name), pkg.name).toContain(release.version);
      expect(tags.stdout.split('\n'), pkg.name).toContain(`${pkg.name}@${release.version}`);
      if (release.hadChangesets)
        expect(changelogOf(copy, pkg.directory), pkg.name).toContain(`## ${release.version}`);
    }
  });
});

// Each waits for its install (running in parallel since the release) and compiles or runs something.
describe('installed from the registry', { timeout: 240_000 }, () => {
  it('@flagplane/server: `npx flagplane-server` serves the API and the console', async () => {
    const app = await installed('server-app');
    server = await timed('start flagplane-server', () => startInstalledServer(app));
    const projects = await fetch(`${server.baseUrl}/api/v1/orgs/${organization}/projects`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(projects.status).toBe(200);
    const consolePage = await fetch(`${server.baseUrl}/console`);
    expect(consolePage.status, server.output()).toBe(200);
    expect(consolePage.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await consolePage.text();
    const script = /<script[^>]+src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    expect((await fetch(`${server.baseUrl}${script}`)).status).toBe(200);
    sizes['@flagplane/server'] = await installedSize(app.directory, '@flagplane/server');
    sizes['@flagplane/console'] = await installedSize(app.directory, '@flagplane/console');
  });

  it('@flagplane/cli: installed globally, `flagplane --version`, plan and apply against the server', async () => {
    const global = await installed('cli-global');
    const flagplane = path.join(global.directory, 'bin', 'flagplane');
    const version = await global.mustRun(flagplane, ['--version']);
    expect(version.stdout.trim()).toBe(release.version);

    const files = await createConsumer(path.join(work, 'cli-work'), registry);
    await files.addFixture('cli');
    const env = { FLAGPLANE_BASE_URL: server?.baseUrl, FLAGPLANE_TOKEN: ownerToken };
    const plan = await files.run(flagplane, ['plan', '-f', 'flags.yaml'], env);
    expect(plan.code, plan.stderr).toBe(2); // changes to make
    expect(plan.stdout).toContain('new-checkout');
    await files.mustRun(flagplane, ['apply', '-f', 'flags.yaml'], env);
    const again = await files.run(flagplane, ['plan', '-f', 'flags.yaml'], env);
    expect(again.code, again.stdout).toBe(0);

    const cli = path.join(global.directory, 'lib', 'node_modules', '@flagplane', 'cli');
    sizes['@flagplane/cli'] = await sizeFrom(cli, path.join(global.directory, 'lib'));
    expect(sizes['@flagplane/cli'].bytes).toBeLessThanOrEqual(cliBudgetBytes);
  });

  it('@flagplane/sdk: a TypeScript project under nodenext and bundler resolution', async () => {
    const app = await installed('sdk-app');
    await app.addFixture('sdk');
    const tsc = path.join(app.directory, 'node_modules', '.bin', 'tsc');
    await timed('tsc (nodenext, bundler)', () =>
      Promise.all([
        app.mustRun(tsc, ['-p', 'tsconfig.nodenext.json']),
        app.mustRun(tsc, ['-p', 'tsconfig.bundler.json']),
      ]),
    );
    const run = await app.mustRun('node', ['dist/main.js'], {
      FLAGPLANE_BASE_URL: server?.baseUrl,
      FLAGPLANE_TOKEN: ownerToken,
    });
    expect(JSON.parse(run.stdout)).toEqual({
      flag: 'new-checkout',
      type: 'Boolean',
      missingIsNotFound: true,
      projects: ['shop'],
    });
    sizes['@flagplane/sdk'] = await installedSize(app.directory, '@flagplane/sdk');
    sizes['@flagplane/contract'] = await installedSize(app.directory, '@flagplane/contract');
  });

  it('@flagplane/mock: a vitest suite on msw, and a clear error for mock.nock() without nock', async () => {
    const app = await installed('mock-app');
    await app.addFixture('mock');
    const vitest = await app.run(path.join(app.directory, 'node_modules', '.bin', 'vitest'), ['run']);
    expect(vitest.code, `${vitest.stdout}\n${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+2 passed \(2\)/);
    sizes['@flagplane/mock'] = await installedSize(app.directory, '@flagplane/mock');
    sizes['@flagplane/engine'] = await installedSize(app.directory, '@flagplane/engine');
  });

  it('@flagplane/openfeature: the flag the CLI applied, through OpenFeature', async () => {
    const app = await installed('openfeature-app');
    await app.addFixture('openfeature');
    const run = await app.mustRun('node', ['main.mjs'], {
      FLAGPLANE_BASE_URL: server?.baseUrl,
      FLAGPLANE_SDK_KEY_FILE: path.join(work, 'cli-work', 'sdk-key.txt'),
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ value: true, variant: 'true' });
    sizes['@flagplane/openfeature'] = await installedSize(app.directory, '@flagplane/openfeature');
    sizes['@flagplane/evaluation'] = await installedSize(app.directory, '@flagplane/evaluation');
  });

  it('@flagplane/cdktf: a CDKTF app synthesizes, and the CLI it brings plans the stack', async () => {
    const app = await installed('cdktf-app');
    await app.addFixture('cdktf');
    await app.mustRun('node', ['main.mjs']);
    const stack = path.join('cdktf.out', 'stacks', 'flags');
    const plan = await app.run(
      path.join(app.directory, 'node_modules', '.bin', 'flagplane'),
      ['plan', '--synth', stack],
      {
        FLAGPLANE_BASE_URL: server?.baseUrl,
        FLAGPLANE_TOKEN: ownerToken,
      },
    );
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(2);
    expect(plan.stdout).toContain('banner');
    sizes['@flagplane/cdktf'] = await installedSize(app.directory, '@flagplane/cdktf');
  });

  it.skipIf(!withTerraform)(
    '@flagplane/terraform-provider: installed into a mirror, `terraform init` offline and `plan`',
    async () => {
      const app = await installed('provider-app');
      const mirror = path.join(app.directory, 'mirror');
      await app.mustRun('npx', ['terraform-provider-flagplane', 'install', '--dir', mirror]);
      const provider = 'registry.terraform.io/flagplane/flagplane';
      await app.writeFile(
        'terraform.rc',
        `provider_installation {\n  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = ["${provider}"]\n  }\n  direct {\n    exclude = ["${provider}"]\n  }\n}\n`,
      );
      await app.writeFile(
        'main.tf',
        `terraform {\n  required_providers {\n    flagplane = {\n      source  = "flagplane/flagplane"\n      version = "${release.version}"\n    }\n  }\n}\n\nprovider "flagplane" {}\n\nresource "flagplane_project" "hcl" {\n  key  = "hcl-web"\n  name = "HCL web"\n}\n`,
      );
      const env = {
        TF_CLI_CONFIG_FILE: path.join(app.directory, 'terraform.rc'),
        TF_IN_AUTOMATION: '1',
        TF_INPUT: '0',
        FLAGPLANE_BASE_URL: server?.baseUrl,
        FLAGPLANE_TOKEN: ownerToken,
        FLAGPLANE_ORG: organization,
      };
      await app.mustRun('terraform', ['init', '-no-color'], env);
      const plan = await app.run('terraform', ['plan', '-no-color', '-detailed-exitcode'], env);
      // -detailed-exitcode: 2 is a plan with changes (the project to create), which needed the provider.
      expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(2);
      expect(plan.stdout).toContain('1 to add');
      sizes['@flagplane/terraform-provider'] = await installedSize(
        app.directory,
        '@flagplane/terraform-provider',
      );
    },
  );

  it('the CLI with everything it installs stays within its budget; every package has a measured size', () => {
    expect(sizes['@flagplane/cli']?.bytes).toBeLessThanOrEqual(cliBudgetBytes);
    const expected = packages
      .map((pkg) => pkg.name)
      .filter((name) => withTerraform || name !== '@flagplane/terraform-provider');
    expect(Object.keys(sizes).sort()).toEqual(expected);
  });
});
