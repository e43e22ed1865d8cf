/**
 * Two Flagplane projects as code. `npx cdktf synth` (or `node main.ts`: Node 22.18+ runs TypeScript by
 * stripping types) synthesizes cdktf.out/stacks/flags/cdk.tf.json. The state goes to
 * terraform.flags.tfstate in this directory, where cdktf keeps it by default, but through a relative path
 * (from the stack directory), so the synthesized JSON is the same on every machine and `rm -rf cdktf.out`
 * does not lose it.
 */
import { Flagplane, Project } from '@flagplane/cdktf';
import { App, LocalBackend, TerraformStack } from 'cdktf';

const app = new App();
const stack = new TerraformStack(app, 'flags');
new LocalBackend(stack, { path: '../../../terraform.flags.tfstate' });
// terraform_data is built into Terraform (1.4+): nothing to download. Without `backingResource` the
// constructs write null_resources, and `terraform init` downloads the hashicorp/null provider.
const flagplane = new Flagplane(stack, 'Flagplane', {
  organization: 'acme',
  backingResource: 'terraform_data',
});

// The web shop: every flag type, a rollout, targeted rules, a prerequisite and an SDK key.
const web = new Project(stack, 'Web', { flagplane, key: 'web', name: 'Web shop' });
const development = web.addEnvironment('Development', { key: 'development', color: '#22c55e' });
const production = web.addEnvironment('Production', {
  key: 'production',
  name: 'Production',
  color: '#ef4444',
});
const betaUsers = web.addSegment('BetaUsers', {
  key: 'beta-users',
  name: 'Beta users',
  included: ['user-1', 'user-2'],
});
const dutch = web.addSegment('Dutch', {
  key: 'dutch',
  conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'In', values: ['NL', 'BE'] }] }],
});

const checkout = web.addFlag('NewCheckout', {
  key: 'new-checkout',
  type: 'Boolean',
  name: 'New checkout',
  tags: ['checkout'],
});
checkout.configure(development, { enabled: true });
checkout.configure(production, {
  enabled: true,
  strategy: 'TargetedRollout',
  rules: [
    { description: 'beta users first', variation: checkout.variation('true'), segment: betaUsers },
    { variation: checkout.variation('true'), rolloutPercentage: 25, segment: dutch },
  ],
});

const banner = web.addFlag('BannerText', {
  key: 'banner-text',
  type: 'String',
  variations: [
    { key: 'hello', value: 'Hello' },
    { key: 'welcome', name: 'Welcome back', value: 'Welcome back!' },
  ],
  removalPolicy: 'delete',
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

const pageSize = web.addFlag('PageSize', {
  key: 'page-size',
  type: 'Number',
  variations: [
    { key: 'small', value: 20 },
    { key: 'large', value: 100 },
  ],
});
pageSize.configure(production, { enabled: true, defaultVariation: pageSize.variation('large') });

web.addFlag('Theme', {
  key: 'theme',
  type: 'Json',
  variations: [
    { key: 'light', value: { background: '#ffffff' } },
    { key: 'dark', value: { background: '#000000' } },
  ],
});

production.addSdkKey('WebServer', {
  name: 'web-server',
  type: 'ServerSide',
  outputFile: 'secrets/web-server.key',
});

// The mobile app: its own environments and a kill switch.
const mobile = new Project(stack, 'Mobile', { flagplane, key: 'mobile', name: 'Mobile app' });
mobile.addEnvironment('Staging', { key: 'staging', color: '#f59e0b' });
const store = mobile.addEnvironment('Store', { key: 'store', color: '#ef4444' });
const killSwitch = mobile.addFlag('OfflineMode', {
  key: 'offline-mode',
  type: 'Boolean',
  clientSideVisible: true,
});
killSwitch.configure(store, { enabled: true, defaultVariation: killSwitch.variation('false') });

app.synth();
