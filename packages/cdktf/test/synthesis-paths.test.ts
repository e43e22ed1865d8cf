/**
 * The fast synthesis path (src/internal/resource-fragment.ts) follows cdktf 0.21's internals: it must
 * write exactly what cdktf's own resolution writes, for a stack that uses everything cdktf may have to
 * resolve or merge. The peer dependency is pinned to ~0.21.0 so that an upgrade is a decision; this test
 * is what that decision is checked by.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { provider, resource } from '@cdktf/provider-null';
import { queueStackCheck } from '@flagplane/test-support/terraform';
import { App, LocalBackend, TerraformStack, TerraformVariable } from 'cdktf';
import { afterEach, describe, expect, it } from 'vitest';
import { Flagplane, FlagplaneCli, type FlagplaneProps, Project } from '../src/index.js';
import { setFastSynthesis } from '../src/internal/synthesis-mode.js';
import { declareRepresentativeStack } from './representative-stack.js';

afterEach(() => setFastSynthesis(true));

/** Every file the app writes for its stacks, synthesized with the fast path or cdktf's own resolution. */
function synthesizeVaried(fast: boolean, props: Partial<FlagplaneProps>): Record<string, string> {
  setFastSynthesis(fast);
  const directory = mkdtempSync(path.join(os.tmpdir(), 'flagplane-paths-'));
  const app = new App({ outdir: directory });
  const stack = new TerraformStack(app, 'flags');
  new LocalBackend(stack, { path: 'terraform.tfstate' });
  const flagplane = new Flagplane(stack, 'Flagplane', {
    organization: 'acme',
    cli: FlagplaneCli.onPath(),
    ...props,
  });
  declareRepresentativeStack(stack, flagplane, directory);

  // A token in a declared value, a reference to another stack, overrides of every kind, an import, a move.
  const other = new TerraformStack(app, 'other');
  new LocalBackend(other, { path: 'other.tfstate' });
  new provider.NullProvider(other, 'null');
  const elsewhere = new resource.Resource(other, 'Elsewhere', {});
  const owner = new TerraformVariable(stack, 'owner', { type: 'string' });
  const mobile = new Project(stack, 'Mobile', { flagplane, key: 'mobile', description: owner.stringValue });
  mobile.addEnvironment('Store', { key: 'store' });
  const offline = mobile.addFlag('Offline', { key: 'offline', type: 'Boolean', description: elsewhere.id });
  stack.addOverride(`resource.${offline.identityResource.address}.lifecycle.prevent_destroy`, true);
  offline.configurationResource.addOverride('lifecycle.ignore_changes', [
    offline.configurationResource.triggersAttribute,
  ]);
  mobile.identityResource.importFrom('mobile');
  mobile.configurationResource.moveFromId(`${mobile.configurationResource.terraformResourceType}.old_mobile`);

  app.synth();
  // Terraform itself checks both stacks too (test/terraform-checks.ts runs the queued checks).
  for (const name of ['flags', 'other']) queueStackCheck(path.join(directory, 'stacks', name));
  const read = (name: string) => readFileSync(path.join(directory, 'stacks', name, 'cdk.tf.json'), 'utf8');
  // The stacks are written to different directories each time: the local backend's paths are relative.
  return { flags: read('flags'), other: read('other') };
}

describe('the fast synthesis path', () => {
  it.each([['null_resource'], ['terraform_data']] as const)(
    'writes what cdktf’s own resolution writes, byte for byte (%s)',
    (backingResource) => {
      const plain = synthesizeVaried(false, { backingResource });
      const fast = synthesizeVaried(true, { backingResource });
      expect(plain.flags).toContain('"prevent_destroy": true');
      expect(plain.flags).toContain('cross-stack-reference-input-other');
      expect(fast.flags).toBe(plain.flags);
      expect(fast.other).toBe(plain.other);
    },
  );
});
