/**
 * A synthesized stack read without Terraform: `flagplane plan|apply --synth` on the example app, and
 * the export round trip (live state → `flagplane export --format cdktf-ts` → synth → plan: no change).
 */
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, type ReferenceServer, startReferenceServer } from './support/reference-server.js';
import { cliBin, runProcess } from './support/run-process.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const example = path.join(repository, 'examples', 'infra');
const exampleStack = path.join(example, 'cdktf.out', 'stacks', 'flags');

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

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
  await rm(path.join(example, 'secrets'), { recursive: true, force: true });
});

describe('examples/infra', () => {
  it('synthesizes itself, applies with --synth, and then plans no change', async () => {
    const synth = await runProcess(process.execPath, ['main.ts'], { cwd: example });
    expect(synth.code, synth.stderr).toBe(0);
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

describe('export as a CDKTF stack', () => {
  it('renders a stack that synthesizes to the live state: plan reports no change', async () => {
    const app = path.join(directory, 'exported');
    await mkdir(app, { recursive: true });
    const exported = await flagplane(
      ['export', '--org', 'acme', '--format', 'cdktf-ts', '-o', 'main.ts'],
      app,
    );
    expect(exported.code, exported.stderr).toBe(0);
    await mkdir(path.join(app, 'node_modules', '@flagplane'), { recursive: true });
    for (const name of ['cdktf', 'constructs', '@flagplane/cdktf', '@flagplane/cli']) {
      await symlink(path.join(repository, 'node_modules', name), path.join(app, 'node_modules', name), 'dir');
    }
    const synth = await runProcess(process.execPath, ['main.ts'], { cwd: app });
    expect(synth.code, synth.stderr).toBe(0);
    const plan = await flagplane(['plan', '--synth', '.'], path.join(app, 'cdktf.out', 'stacks', 'flags'));
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
});
