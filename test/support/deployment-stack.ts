/**
 * The stack the deployment tests deploy, in versions: each option is one change a team makes to its
 * code between two deploys. Synthesized in-process, as `node main.js` would, with either backing resource.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Flagplane, type FlagplaneProps, Project } from '@flagplane/cdktf';
import { App, LocalBackend, TerraformStack } from 'cdktf';

export interface StackVersion {
  readonly bannerName: string;
  readonly bannerWeights: readonly [number, number];
  readonly countryRule: boolean;
  readonly legacyFlag: boolean;
  readonly sdkKey: boolean;
  readonly limitKey: string;
}

export const firstVersion: StackVersion = {
  bannerName: 'Banner',
  bannerWeights: [80, 20],
  countryRule: false,
  legacyFlag: true,
  sdkKey: true,
  limitKey: 'limit',
};

export const stackName = 'flags';

/**
 * Gives `directory` a `node_modules/@flagplane/cli` link to the workspace's CLI, as an install would, so
 * the constructs' default CLI resolution (a path relative to the stack directory) finds it.
 */
export function installCli(directory: string): void {
  const link = path.join(directory, 'node_modules', '@flagplane', 'cli');
  if (existsSync(link)) return;
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(fileURLToPath(new URL('../../packages/cli', import.meta.url)), link, 'dir');
}

/**
 * Synthesizes the version into `<directory>/cdktf.out`; returns the stack directory. SDK-key files go to
 * `secretsDirectory` (default `<directory>/secrets`).
 */
export function synthesize(
  directory: string,
  version: StackVersion,
  options: { backingResource?: FlagplaneProps['backingResource']; secretsDirectory?: string } = {},
): string {
  const app = new App({ outdir: path.join(directory, 'cdktf.out') });
  const stack = new TerraformStack(app, stackName);
  new LocalBackend(stack, { path: 'terraform.tfstate' });
  const flagplane = new Flagplane(stack, 'Flagplane', {
    organization: 'acme',
    ...(options.backingResource ? { backingResource: options.backingResource } : {}),
  });
  const web = new Project(stack, 'Web', { flagplane, key: 'web', name: 'Web shop' });
  const development = web.addEnvironment('Development', { key: 'development', color: '#22c55e' });
  const production = web.addEnvironment('Production', { key: 'production', color: '#ef4444' });
  const beta = web.addSegment('Beta', { key: 'beta-users', included: ['user-1', 'user-2'] });

  const checkout = web.addFlag('Checkout', { key: 'new-checkout', type: 'Boolean', name: 'New checkout' });
  checkout.configure(development, { enabled: true });
  checkout.configure(production, {
    enabled: true,
    strategy: 'TargetedRollout',
    rules: [
      { description: 'beta users first', variation: checkout.variation('true'), segment: beta },
      ...(version.countryRule
        ? [
            {
              variation: checkout.variation('true'),
              rolloutPercentage: 25,
              conditionGroups: [
                { conditions: [{ attribute: 'country', operator: 'In' as const, values: ['NL', 'BE'] }] },
              ],
            },
          ]
        : []),
    ],
  });

  const banner = web.addFlag('Banner', {
    key: 'banner-text',
    type: 'String',
    name: version.bannerName,
    variations: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a value with Terraform template syntax, to check it is escaped
      { key: 'hello', value: 'Hello ${name}' },
      { key: 'welcome', name: 'Welcome back', value: 'Welcome back!' },
    ],
  });
  banner.configure(production, {
    enabled: true,
    strategy: 'PercentageRollout',
    percentageRollout: [
      { variation: banner.variation('hello'), weight: version.bannerWeights[0] },
      { variation: banner.variation('welcome'), weight: version.bannerWeights[1] },
    ],
    prerequisites: [{ flag: checkout, variation: checkout.variation('true') }],
  });

  web.addFlag('Limit', {
    key: version.limitKey,
    type: 'Number',
    variations: [
      { key: 'low', value: 10 },
      { key: 'high', value: 1000 },
    ],
  });
  web.addFlag('Theme', {
    key: 'theme',
    type: 'Json',
    variations: [{ key: 'dark', value: { background: '#000' } }],
  });
  // Declared here, created in the live state by another tool first: the deploy adopts it.
  web.addFlag('Adopted', { key: 'adopted', type: 'Boolean', name: 'Adopted by code' });
  if (version.legacyFlag) web.addFlag('Legacy', { key: 'legacy', type: 'Boolean' });
  if (version.sdkKey) {
    production.addSdkKey('Server', {
      name: 'web-server',
      type: 'ServerSide',
      outputFile: path.join(options.secretsDirectory ?? path.join(directory, 'secrets'), 'web-server.key'),
    });
  }
  app.synth();
  return path.join(directory, 'cdktf.out', 'stacks', stackName);
}
