/**
 * The null_resources hand cdktf their JSON already resolved (src/internal/resource-fragment.ts); what cdktf
 * must still resolve or merge, it still does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { provider, resource } from '@cdktf/provider-null';
import { App, LocalBackend, TerraformStack, TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { Project } from '../src/index.js';
import { resourceNamed, synthesizeStack } from './synth-support.js';

describe('resolution of the constructs’ null_resources', () => {
  it('resolves a token in a declared value', () => {
    const { text } = synthesizeStack((stack, flagplane) => {
      const web = new Project(stack, 'Web', { flagplane, key: 'web' });
      web.addEnvironment('Production', { key: 'production' });
      const owner = new TerraformVariable(stack, 'owner', { type: 'string' });
      web.addFlag('Checkout', { key: 'checkout', type: 'Boolean', description: owner.stringValue });
    });
    expect(text).not.toContain('TfToken');
    expect(text).toContain('\\"description\\":\\"$${var.owner}\\"');
  });

  it('prepares a reference to another stack in a declared value', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'flagplane-cdktf-'));
    const { text } = synthesizeStack(
      (stack, flagplane) => {
        const other = new TerraformStack(App.of(stack), 'other');
        new LocalBackend(other, { path: 'other.tfstate' });
        new provider.NullProvider(other, 'null');
        const elsewhere = new resource.Resource(other, 'Elsewhere', {});
        const web = new Project(stack, 'Web', { flagplane, key: 'web' });
        web.addEnvironment('Production', { key: 'production' });
        web.addFlag('Checkout', { key: 'checkout', type: 'Boolean', description: elsewhere.id });
      },
      { directory },
    );
    const other = readFileSync(path.join(directory, 'cdktf.out', 'stacks', 'other', 'cdk.tf.json'), 'utf8');
    rmSync(directory, { recursive: true, force: true });
    expect(JSON.parse(other).output).toHaveProperty(['cross-stack-output-null_resourceElsewhereid']);
    expect(text).toContain('data.terraform_remote_state.cross-stack-reference-input-other');
  });

  it('merges the stack’s own override into a resource, and a resource’s override, import and move', () => {
    const stack = synthesizeStack((stack, flagplane) => {
      const web = new Project(stack, 'Web', { flagplane, key: 'web' });
      web.addEnvironment('Production', { key: 'production' });
      const checkout = web.addFlag('Checkout', { key: 'checkout', type: 'Boolean' });
      stack.addOverride(`resource.${checkout.identityResource.address}.lifecycle.prevent_destroy`, true);
      const configuration = checkout.configurationResource;
      configuration.addOverride('lifecycle.ignore_changes', [configuration.triggersAttribute]);
      web.identityResource.importFrom('web');
      web.configurationResource.moveFromId('null_resource.web_configuration');
    });
    expect(resourceNamed(stack, 'Web_Checkout_Identity')).toMatchObject({
      lifecycle: { prevent_destroy: true },
    });
    expect(resourceNamed(stack, 'Web_Checkout_Configuration')).toMatchObject({
      lifecycle: { ignore_changes: ['triggers'] },
    });
    const json = stack.json as unknown as { import: { id: string }[]; moved: { from: string }[] };
    expect(json.import).toEqual([expect.objectContaining({ id: 'web' })]);
    expect(json.moved).toEqual([expect.objectContaining({ from: 'null_resource.web_configuration' })]);
  });
});
