import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canonicalJson, cdktfInventory } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { FeatureFlag, FlagplaneCli, Project } from '../src/index.js';
import { declareRepresentativeStack } from './representative-stack.js';
import { provisionerSpecOf, resourceNamed, resourcesOf, specOf, synthesizeStack } from './synth-support.js';

describe('synthesized stack', () => {
  it('matches the snapshot of a representative stack', () => {
    const { json } = synthesizeStack(declareRepresentativeStack);
    expect(json).toMatchSnapshot();
  });

  it('is byte-identical when synthesized twice in two directories, with no absolute path', () => {
    // Each directory gets the CLI where an install puts it, so the default (relative) CLI path is used.
    const synthesizeIn = (parent: string) => {
      const directory = path.join(parent, 'app');
      mkdirSync(path.join(directory, 'node_modules', '@flagplane'), { recursive: true });
      symlinkSync(
        path.resolve(import.meta.dirname, '../../cli'),
        path.join(directory, 'node_modules', '@flagplane', 'cli'),
        'dir',
      );
      return synthesizeStack(declareRepresentativeStack, {
        directory,
        flagplane: { cli: FlagplaneCli.fromPackage() },
      }).text;
    };
    const first = synthesizeIn(mkdtempSync(path.join(os.tmpdir(), 'flagplane-a-')));
    const second = synthesizeIn(
      path.join(mkdtempSync(path.join(os.tmpdir(), 'flagplane-b-')), 'deeper', 'still'),
    );
    expect(second).toBe(first);
    expect(first).not.toMatch(/\/tmp\/|\/work\/|\/home\//);
    expect(first).toContain(
      '"command": "node ../../../node_modules/@flagplane/cli/bin/flagplane.js resource ensure --kind flag"',
    );
  });

  it('writes the whole desired state, canonical, into the inventory', () => {
    const stack = synthesizeStack(declareRepresentativeStack);
    const inventory = resourcesOf(stack)[cdktfInventory.resourceName]!;
    const text = inventory.triggers[cdktfInventory.triggerKey]!;
    const state = JSON.parse(text.replace(/\$\$\{/g, '${'));
    expect(canonicalJson(state)).toBe(text.replace(/\$\$\{/g, '${'));
    expect(state.removalPolicies).toEqual({
      project: 'delete',
      environment: 'delete',
      segment: 'delete',
      flag: 'archive',
      sdkKey: 'revoke',
    });
    expect(state.projects[0].environments[0].color).toBe('#22c55e');
    expect(state.projects[0].flags.map((flag: { key: string }) => flag.key)).toEqual([
      'new-checkout',
      'banner-text',
      'limit',
      'theme',
    ]);
    expect(inventory.provisioner).toEqual([
      {
        'local-exec': {
          command: 'flagplane inventory prune --synth .',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: Terraform interpolation, as synthesized
          environment: { FLAGPLANE_PREVIOUS_INVENTORY: '${self.triggers.desired_state}' },
          when: 'destroy',
        },
      },
    ]);
    expect(inventory.depends_on).toHaveLength(Object.keys(resourcesOf(stack)).length - 1);
  });

  it('carries temporary where a flag declares it, in its configuration spec and the inventory', () => {
    const stack = synthesizeStack(declareRepresentativeStack);
    expect(specOf(stack, 'Web_Banner_Configuration').flag.temporary).toBe(true);
    // Left out: the default (false), which the spec leaves out too.
    expect(specOf(stack, 'Web_Checkout_Configuration').flag).not.toHaveProperty('temporary');
    const inventory = resourcesOf(stack)[cdktfInventory.resourceName]!;
    const state = JSON.parse(inventory.triggers[cdktfInventory.triggerKey]!.replace(/\$\$\{/g, '${'));
    const flags = state.projects[0].flags as { key: string; temporary?: boolean }[];
    expect(flags.map(({ key, temporary }) => [key, temporary])).toEqual([
      ['new-checkout', undefined],
      ['banner-text', true],
      ['limit', undefined],
      ['theme', undefined],
    ]);
  });

  it('escapes Terraform template syntax in declared values', () => {
    const banner = resourceNamed(synthesizeStack(declareRepresentativeStack), 'Web_Banner_Configuration');
    expect(banner.triggers.spec).toContain('"value":"Hello $${name}"');
  });

  it('keeps identity triggers to the immutable identity, and the spec in the configuration', () => {
    const stack = synthesizeStack(declareRepresentativeStack);
    expect(resourceNamed(stack, 'Web_Banner_Identity').triggers).toEqual({
      organization: 'acme',
      project: 'web',
      flag: 'banner-text',
      type: 'String',
    });
    expect(resourceNamed(stack, 'Web_Production_Server_Identity').triggers).toEqual({
      organization: 'acme',
      project: 'web',
      environment: 'production',
      name: 'web "server"',
    });
    const configuration = resourceNamed(stack, 'Web_Banner_Configuration');
    expect(configuration.triggers.identity).toMatch(
      /^\$\{null_resource\.Web_Banner_Identity_[0-9A-F]{8}\.id\}$/,
    );
    expect(configuration.provisioner).toEqual([
      {
        'local-exec': {
          command: 'flagplane resource configure --kind flag',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: Terraform interpolation, as synthesized
          environment: { FLAGPLANE_SPEC: '${self.triggers.spec}' },
        },
      },
    ]);
  });

  it("gives every flag spec its project's environments in the project's order, configured there or not (§20)", () => {
    const stack = synthesizeStack((scope, flagplane) => {
      const web = new Project(scope, 'Web', { flagplane, key: 'web' });
      const production = web.addEnvironment('Production', { key: 'production', sortOrder: 2 });
      web.addEnvironment('Development', { key: 'development' }); // position 1
      web.addEnvironment('Staging', { key: 'staging', sortOrder: 1 });
      const flag = web.addFlag('Checkout', { key: 'checkout', type: 'Boolean' });
      flag.configure(production, { enabled: true });
      const shared = Project.fromKey(scope, 'Shared', { flagplane, key: 'shared' });
      const mine = new FeatureFlag(scope, 'Mine', { project: shared, key: 'mine', type: 'Boolean' });
      mine.configure(shared.environment('production'), { enabled: true });
    });
    // The configuration reconciles every listed environment; the identity's ensure claims the same list.
    expect(specOf(stack, 'Web_Checkout_Configuration').projectEnvironments).toEqual([
      'development',
      'staging',
      'production',
    ]);
    expect(provisionerSpecOf(stack, 'Web_Checkout_Identity').projectEnvironments).toEqual([
      'development',
      'staging',
      'production',
    ]);
    // A project managed elsewhere: only the environments the stack names, never the owner's others.
    expect(specOf(stack, 'Mine_Configuration').projectEnvironments).toEqual(['production']);
  });

  it('takes a destroy provisioner’s identity from self, and the policy from the declaration', () => {
    const identity = resourceNamed(synthesizeStack(declareRepresentativeStack), 'Web_Banner_Identity');
    const removal = identity.provisioner[1]!['local-exec'];
    expect(removal.when).toBe('destroy');
    expect(removal.command).toBe('flagplane resource remove --kind flag');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Terraform interpolation, as synthesized
    expect(removal.environment.FLAGPLANE_SPEC).toContain('"key":"${self.triggers.flag}"');
    expect(removal.environment.FLAGPLANE_SPEC).toContain('"removalPolicy":"delete"');
    expect(removal.environment.FLAGPLANE_SPEC).not.toMatch(/(?<!\$)\$\{(?!self\.triggers\.)/);
  });

  it('orders creation with depends_on: environments, segments and prerequisite flags first', () => {
    const stack = synthesizeStack(declareRepresentativeStack);
    const names = (dependencies: string[] | undefined) =>
      (dependencies ?? []).map((dependency) => dependency.replace(/^null_resource\.(.*)_[0-9A-F]{8}$/, '$1'));
    const dependencies = names(resourceNamed(stack, 'Web_Banner_Configuration').depends_on);
    expect(dependencies).toEqual([
      'Web_Banner_Identity',
      'Web_Development_Identity',
      'Web_Production_Identity',
      'Web_Checkout_Configuration',
    ]);
    expect(names(resourceNamed(stack, 'Web_Checkout_Identity').depends_on)).toEqual([
      'Web_Identity',
      'Web_Beta_Identity',
    ]);
  });

  it('lets removals continue on failure when asked, through an override', () => {
    const stack = synthesizeStack(declareRepresentativeStack, {
      flagplane: { onRemovalFailure: 'continue' },
    });
    expect(resourceNamed(stack, 'Web_Banner_Identity').provisioner[1]!['local-exec'].on_failure).toBe(
      'continue',
    );
    expect(resourcesOf(stack).flagplane_inventory!.provisioner[0]!['local-exec'].on_failure).toBe('continue');
  });

  it('passes the base URL to every provisioner, and never a token', () => {
    const stack = synthesizeStack(declareRepresentativeStack, {
      flagplane: { baseUrl: 'https://flags.example.com' },
    });
    for (const resource of Object.values(resourcesOf(stack))) {
      for (const provisioner of resource.provisioner) {
        expect(provisioner['local-exec'].environment.FLAGPLANE_BASE_URL).toBe('https://flags.example.com');
      }
    }
    expect(stack.text).not.toContain('TOKEN');
  });

  it('declares flags in a project managed elsewhere, with prerequisites on its flags', () => {
    const stack = synthesizeStack((scope, flagplane) => {
      const shared = Project.fromKey(scope, 'Shared', { flagplane, key: 'shared' });
      const platform = FeatureFlag.fromKey(scope, 'Platform', { project: shared, key: 'platform-ready' });
      const mine = new FeatureFlag(scope, 'Mine', { project: shared, key: 'mine', type: 'Boolean' });
      mine.configure(shared.environment('production'), {
        enabled: true,
        prerequisites: [{ flag: platform, variation: 'true' }],
      });
    });
    const spec = specOf(stack, 'Mine_Configuration');
    expect(spec.flag.environments.production.prerequisites).toEqual([
      { flag: 'platform-ready', variation: 'true' },
    ]);
    expect(Object.keys(resourcesOf(stack)).some((name) => name.startsWith('Shared'))).toBe(false);
    const inventory = JSON.parse(resourcesOf(stack).flagplane_inventory!.triggers.desired_state!);
    // The inventory says what is someone else's, so neither plan --synth nor a prune ever touches it.
    expect(inventory.projects[0]).toEqual({
      key: 'shared',
      managedElsewhere: true,
      environments: [{ key: 'production' }],
      flagsManagedElsewhere: ['platform-ready'],
      flags: [expect.objectContaining({ key: 'mine' })],
    });
    expect(inventory.projects[0].flags[0].environments.production.prerequisites).toEqual([
      { flag: 'platform-ready', variation: 'true' },
    ]);
  });
});

describe('the backing resource', () => {
  it('is terraform_data when asked: the same triggers, provisioners and dependencies, and no provider', () => {
    const asNull = synthesizeStack(declareRepresentativeStack);
    const asData = synthesizeStack(declareRepresentativeStack, {
      flagplane: { backingResource: 'terraform_data' },
    });
    expect(asData.json.provider).toBeUndefined();
    expect(JSON.stringify(asData.json.terraform)).not.toContain('null');
    expect(Object.keys(asData.json.resource)).toEqual(['terraform_data']);
    // The null_resource stack, with the type and its triggers attribute renamed, is the terraform_data one.
    const renamed = JSON.parse(
      JSON.stringify(asNull.json.resource.null_resource)
        .replaceAll('"triggers":', '"triggers_replace":')
        .replaceAll('self.triggers.', 'self.triggers_replace.')
        .replaceAll('null_resource.', 'terraform_data.'),
    );
    expect(asData.json.resource.terraform_data).toEqual(renamed);
  });

  it('refuses an unknown backing resource, naming the choices', () => {
    expect(() =>
      synthesizeStack(() => {}, {
        flagplane: { backingResource: 'local_file' as 'terraform_data' },
      }),
    ).toThrow(
      `flags/Flagplane: backingResource must be 'null_resource' or 'terraform_data', not "local_file"`,
    );
  });
});

describe('the order Terraform follows', () => {
  it('removes a flag before the flags it needs, and a segment before the environments', () => {
    const stack = synthesizeStack(declareRepresentativeStack);
    const names = (dependencies: string[] | undefined) =>
      (dependencies ?? []).map((dependency) => dependency.replace(/^null_resource\.(.*)_[0-9A-F]{8}$/, '$1'));
    expect(names(resourceNamed(stack, 'Web_Banner_Identity').depends_on)).toEqual([
      'Web_Identity',
      'Web_Checkout_Identity',
    ]);
    expect(names(resourceNamed(stack, 'Web_Beta_Identity').depends_on)).toEqual([
      'Web_Identity',
      'Web_Development_Identity',
      'Web_Production_Identity',
    ]);
  });

  it('refuses prerequisites in opposite directions in two environments, which Terraform cannot order', () => {
    expect(() =>
      synthesizeStack((stack, flagplane) => {
        const web = new Project(stack, 'Web', { flagplane, key: 'web' });
        const development = web.addEnvironment('Development', { key: 'development' });
        const production = web.addEnvironment('Production', { key: 'production' });
        const a = web.addFlag('A', { key: 'a', type: 'Boolean' });
        const b = web.addFlag('B', { key: 'b', type: 'Boolean' });
        a.configure(production, { prerequisites: [{ flag: b, variation: b.variation('true') }] });
        b.configure(development, { prerequisites: [{ flag: a, variation: a.variation('true') }] });
      }),
    ).toThrow(
      '[flags/Web/A] prerequisites: a → b → a across environments (a needs b in production; b needs a in development)',
    );
  });
});
