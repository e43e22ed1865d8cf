/**
 * A synthesized stack read without Terraform: `flagplane plan|apply --synth` on the example app, and
 * the export round trip (live state → `flagplane export --format cdktf-ts` → synth → plan: no change but
 * code ownership moving to the exported stack).
 */
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@flagplane/test-support/process';
import { checkQueuedStacks, queueStackCheck } from '@flagplane/test-support/terraform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, type ReferenceServer, startReferenceServer } from './support/reference-server.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const example = path.join(repository, 'examples', 'infra');
const exampleStack = path.join(example, 'cdktf.out', 'stacks', 'flags');
const cliBin = path.join(repository, 'packages', 'cli', 'dist', 'flagplane.js');

let server: ReferenceServer;
let directory: string;
let env: Record<string, string>;

/** The CLI as Terraform's provisioners run it: in the stack directory. */
const flagplane = (args: string[], cwd: string) =>
  runProcess(process.execPath, [cliBin, ...args], { cwd, env });

beforeAll(async () => {
  server = await startReferenceServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-plan-synth-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: ownerToken };
});

// Terraform checks every stack these tests synthesize (packages/test-support).
afterEach(checkQueuedStacks);

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
  await rm(path.join(example, 'secrets'), { recursive: true, force: true });
});

describe('examples/infra', () => {
  it('synthesizes itself, applies with --synth, and then plans no change', async () => {
    const synth = await runProcess(process.execPath, ['main.ts'], { cwd: example });
    expect(synth.code, synth.stderr).toBe(0);
    queueStackCheck(exampleStack);
    const apply = await flagplane(['apply', '--synth', '.', '--yes'], exampleStack);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const plan = await flagplane(['plan', '--synth', '.'], exampleStack);
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.stdout).toContain('No changes');
  });

  it('reports drift made in another tool', async () => {
    await server.send('POST', '/projects/web/flags/new-checkout/environments/production/toggle', {
      enabled: false,
    });
    const plan = await flagplane(['plan', '--synth', '.'], exampleStack);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/new-checkout@production update[\s\S]*enabled: false → true/);
    await flagplane(['apply', '--synth', '.', '--yes'], exampleStack);
  });
});

/**
 * A CDKTF app of the test's own in `directory/<name>` (the workspace's packages linked in), whose
 * `main.ts` declares `declarations` after the usual prelude (`stack`, `flagplane` for org acme), synthesized.
 * Returns the app's directory and its stack's. The same app backed by terraform_data is synthesized in
 * `<name>-terraform-data`, and Terraform checks both.
 */
async function synthesizeApp(name: string, imports: string, declarations: string[]) {
  const synthesized = await synthesizeAppOnce(name, imports, declarations, 'null_resource');
  await synthesizeAppOnce(`${name}-terraform-data`, imports, declarations, 'terraform_data');
  return synthesized;
}

async function synthesizeAppOnce(
  name: string,
  imports: string,
  declarations: string[],
  backingResource: 'null_resource' | 'terraform_data',
) {
  const app = path.join(directory, name);
  for (const module of [
    'cdktf',
    'constructs',
    '@cdktf/provider-null',
    '@flagplane/cdktf',
    '@flagplane/cli',
  ]) {
    await mkdir(path.dirname(path.join(app, 'node_modules', module)), { recursive: true });
    await symlink(
      path.join(repository, 'node_modules', module),
      path.join(app, 'node_modules', module),
      'dir',
    );
  }
  const program = [
    `import { ${imports} } from '@flagplane/cdktf';`,
    "import { App, LocalBackend, TerraformStack } from 'cdktf';",
    'const app = new App();',
    "const stack = new TerraformStack(app, 'flags');",
    "new LocalBackend(stack, { path: 'terraform.tfstate' });",
    `const flagplane = new Flagplane(stack, 'Flagplane', { organization: 'acme', backingResource: '${backingResource}' });`,
    ...declarations,
    'app.synth();',
  ];
  await writeFile(path.join(app, 'main.ts'), program.join('\n'));
  const synth = await runProcess(process.execPath, ['main.ts'], { cwd: app });
  expect(synth.code, synth.stderr).toBe(0);
  const stack = path.join(app, 'cdktf.out', 'stacks', 'flags');
  queueStackCheck(stack);
  return { app, stack };
}

describe('a synthesized stack read as Terraform would read it', () => {
  it('undoes template escapes and writes SDK-key files where the provisioners would, from any directory', async () => {
    const { app, stack } = await synthesizeApp('templates', 'Flagplane, Project', [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: text with Terraform template syntax, to check it is escaped and read back verbatim
      "const project = new Project(stack, 'Templates', { flagplane, key: 'templates', name: 'Text with ${braces}' });",
      "const production = project.addEnvironment('Production', { key: 'production' });",
      "project.addFlag('Greeting', { key: 'greeting', type: 'String', description: 'Says %{hello}',",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: text with Terraform template syntax, to check it is escaped and read back verbatim
      "  variations: [{ key: 'named', value: 'Hello ${name}' }, { key: 'plain', value: 'Hello' }] });",
      "production.addSdkKey('Server', { name: 'server', type: 'ServerSide', outputFile: 'secrets/server.key' });",
    ]);
    expect(await readFile(path.join(stack, 'cdk.tf.json'), 'utf8')).toContain('Hello $${name}');

    // Run from elsewhere than the stack directory: paths in the stack are relative to the stack.
    const apply = await flagplane(['apply', '--synth', stack, '--yes'], directory);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const keyFile = path.join(app, 'secrets', 'server.key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(keyFile, 'utf8')).toMatch(/^fp_srv_/);

    // biome-ignore lint/suspicious/noTemplateCurlyInString: text with Terraform template syntax, to check it is escaped and read back verbatim
    expect(await server.get('/projects/templates')).toMatchObject({ name: 'Text with ${braces}' });
    const flag = await server.get<{ description: string; variations: { value: string }[] }>(
      '/projects/templates/flags/greeting',
    );
    expect(flag.description).toBe('Says %{hello}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: text with Terraform template syntax, to check it is escaped and read back verbatim
    expect(flag.variations.map((variation) => variation.value)).toEqual(['Hello ${name}', 'Hello']);

    const plan = await flagplane(['plan', '--synth', stack], directory);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes');
    expect(plan.stdout).not.toContain('plaintext');
  });
});

describe('code ownership of a synthesized stack (§20)', () => {
  it('claims a flag configured in production only for development too, which the stack reconciles', async () => {
    const { stack } = await synthesizeApp('ownership', 'Flagplane, Project', [
      "const shop = new Project(stack, 'Shop', { flagplane, key: 'shop' });",
      "shop.addEnvironment('Development', { key: 'development' });",
      "const production = shop.addEnvironment('Production', { key: 'production' });",
      "shop.addFlag('Checkout', { key: 'checkout', type: 'Boolean' }).configure(production, { enabled: true });",
    ]);
    const apply = await flagplane(['apply', '--synth', stack, '--yes'], directory);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(await server.get('/projects/shop/flags/checkout')).toMatchObject({
      managedBy: { source: 'cdktf:flags', environments: ['development', 'production'] },
    });
    const writesBefore = server.writes();
    const again = await flagplane(['apply', '--synth', stack, '--yes'], directory);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(server.writes()).toBe(writesBefore);
  });
});

describe('a stack with resources managed elsewhere', () => {
  it('applies its own flag in another team’s project and leaves the project, its environments and flags alone', async () => {
    // The other team's project, named and coloured its own way, with a flag of theirs.
    expect(await server.send('POST', '/projects', { key: 'platform', name: 'Platform team' })).toBe(201);
    expect(await server.send('PUT', '/projects/platform/environments/production', { color: '#123456' })).toBe(
      204,
    );
    expect(
      await server.send('POST', '/projects/platform/flags', { key: 'kill-switch', type: 'Boolean' }),
    ).toBe(201);
    const { stack } = await synthesizeApp('shared', 'FeatureFlag, Flagplane, Project', [
      "const platform = Project.fromKey(stack, 'Platform', { flagplane, key: 'platform' });",
      "const killSwitch = FeatureFlag.fromKey(stack, 'KillSwitch', { project: platform, key: 'kill-switch' });",
      "const search = new FeatureFlag(stack, 'Search', { project: platform, key: 'search-v2', type: 'Boolean' });",
      "search.configure(platform.environment('production'), { enabled: true,",
      "  prerequisites: [{ flag: killSwitch, variation: killSwitch.variation('false') }] });",
    ]);

    const plan = await flagplane(['plan', '--synth', stack, '--json'], directory);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    const changes = JSON.parse(plan.stdout).changes.map(
      (change: { action: string; id: string }) => `${change.action} ${change.id}`,
    );
    expect(changes).toEqual([
      'create flag platform/search-v2',
      'update configuration platform/search-v2@production',
    ]);
    const apply = await flagplane(['apply', '--synth', stack, '--prune', '--yes'], directory);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);

    expect(await server.get('/projects/platform')).toMatchObject({ name: 'Platform team' });
    expect(await server.get('/projects/platform/environments/production')).toMatchObject({
      color: '#123456',
    });
    const flags = await server.get<{ items: { key: string }[] }>('/projects/platform/flags');
    expect(flags.items.map((flag) => flag.key)).toEqual(['kill-switch', 'search-v2']);
    // Claimed where the stack reconciles it: the platform team's development is theirs (§20).
    expect(await server.get('/projects/platform/flags/search-v2')).toMatchObject({
      managedBy: { source: 'cdktf:flags', environments: ['production'] },
    });
    const again = await flagplane(['plan', '--synth', stack], directory);
    expect(again.code, again.stdout).toBe(0);
  });
});

describe('export as a CDKTF stack', () => {
  it.each([
    ['exported', []],
    ['exported-terraform-data', ['--backing-resource', 'terraform_data']],
  ])(
    'renders a stack that synthesizes to the live state: plan moves only managedBy, then no change (%s)',
    async (name, extra) => {
      const app = path.join(directory, name);
      await mkdir(app, { recursive: true });
      const exported = await flagplane(
        ['export', '--org', 'acme', '--format', 'cdktf-ts', '-o', 'main.ts', ...extra],
        app,
      );
      expect(exported.code, exported.stderr).toBe(0);
      await mkdir(path.join(app, 'node_modules', '@flagplane'), { recursive: true });
      for (const module of ['cdktf', 'constructs', '@flagplane/cdktf', '@flagplane/cli']) {
        await symlink(
          path.join(repository, 'node_modules', module),
          path.join(app, 'node_modules', module),
          'dir',
        );
      }
      const synth = await runProcess(process.execPath, ['main.ts'], { cwd: app });
      expect(synth.code, synth.stderr).toBe(0);
      const stack = path.join(app, 'cdktf.out', 'stacks', 'flags');
      queueStackCheck(stack);
      expect(
        Object.keys(JSON.parse(await readFile(path.join(stack, 'cdk.tf.json'), 'utf8')).resource),
      ).toEqual([extra.length > 0 ? 'terraform_data' : 'null_resource']);
      // Configuration matches the live state; only code ownership may move to this stack (§20).
      const plan = await flagplane(['plan', '--synth', '.', '--json'], stack);
      const planned = JSON.parse(plan.stdout) as {
        changes: { action: string; changes: { property: string; after: { source: string } }[] }[];
      };
      for (const change of planned.changes) {
        expect(change.action).toBe('update');
        expect(change.changes.map((property) => property.property)).toEqual(['managedBy']);
        expect(change.changes[0]?.after.source).toBe('cdktf:flags');
      }
      expect((await flagplane(['apply', '--synth', '.', '--yes'], stack)).code).toBe(0);
      const replan = await flagplane(['plan', '--synth', '.'], stack);
      expect(replan.code, replan.stdout + replan.stderr).toBe(0);
    },
  );
});
