/** A stack with one of everything, shared by the snapshot and wiring tests. */
import path from 'node:path';
import type { TerraformStack } from 'cdktf';
import { type Flagplane, Project } from '../src/index.js';

export function declareRepresentativeStack(
  stack: TerraformStack,
  flagplane: Flagplane,
  directory: string,
): void {
  const web = new Project(stack, 'Web', { flagplane, key: 'web', name: 'Web shop' });
  const development = web.addEnvironment('Development', { key: 'development', color: '#22C55E' });
  const production = web.addEnvironment('Production', { key: 'production', color: '#ef4444' });
  const beta = web.addSegment('Beta', { key: 'beta-users', included: ['user-1'] });
  const checkout = web.addFlag('Checkout', { key: 'new-checkout', type: 'Boolean', tags: ['checkout'] });
  checkout.configure(development, { enabled: true });
  checkout.configure(production, {
    enabled: true,
    strategy: 'TargetedRollout',
    rules: [
      { variation: checkout.variation('true'), segment: beta },
      {
        variation: checkout.variation('true'),
        rolloutPercentage: 25,
        conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'in', values: ['NL'] }] }],
      },
    ],
  });
  const banner = web.addFlag('Banner', {
    key: 'banner-text',
    type: 'String',
    temporary: true,
    removalPolicy: 'delete',
    variations: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a value with Terraform template syntax, to check it is escaped
      { key: 'hello', value: 'Hello ${name}' },
      { key: 'welcome', value: 'Welcome back!' },
    ],
  });
  banner.configure(production, {
    enabled: true,
    strategy: 'PercentageRollout',
    percentageRollout: [
      { variation: banner.variation('hello'), weight: 80 },
      { variation: banner.variation('welcome'), weight: 20 },
    ],
    prerequisites: [{ flag: checkout, variation: checkout.variation('true') }],
  });
  web.addFlag('Limit', {
    key: 'limit',
    type: 'Number',
    variations: [
      { key: 'low', value: 10 },
      { key: 'exact', value: '1.50' },
    ],
  });
  web.addFlag('Theme', {
    key: 'theme',
    type: 'Json',
    variations: [{ key: 'dark', value: { background: '#000' } }],
  });
  production.addSdkKey('Server', {
    name: 'web "server"',
    type: 'ServerSide',
    outputFile: path.join(directory, 'secrets', 'web-server.key'),
  });
}
