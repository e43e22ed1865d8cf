/**
 * The provider under Terraform 1.11 itself, against a real server on a real port: installed offline into
 * a filesystem mirror, `init` with no network, `validate`, `plan`, `apply`, a second plan that is empty
 * and sends no write, imports (the `terraform import` command and `import {}` blocks), what removing a
 * resource does, `destroy`, bad values as diagnostics on their configuration lines, and the token in no
 * log line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NotFoundError } from '@flagplane/sdk';
import { describe, expect, it } from 'vitest';
import { ownerToken } from './support/flagplane-server.js';
import { requiredProviders, useServerAndProvider } from './support/setup.js';
import { lineOf, TerraformDirectory } from './support/terraform-project.js';

const header = `${requiredProviders}
variable "flagplane_token" {
  type      = string
  sensitive = true
}

# base_url and organization come from FLAGPLANE_BASE_URL and FLAGPLANE_ORG.
provider "flagplane" {
  token = var.flagplane_token
}
`;

const project = `
resource "flagplane_project" "web" {
  key         = "web"
  name        = "Web shop"
  description = "The storefront"
}

resource "flagplane_environment" "production" {
  project = flagplane_project.web.key
  key     = "production"
  name    = "Production"
  color   = "#ef4444"
}

resource "flagplane_environment" "staging" {
  project = flagplane_project.web.key
  key     = "staging"
  color   = "#f59e0b"
}

resource "flagplane_flag" "banner" {
  project = flagplane_project.web.key
  key     = "banner-text"
  type    = "String"
  name    = "Banner text"
  tags    = ["marketing"]

  variation {
    key   = "hello"
    value = "Hello"
  }
  variation {
    key         = "welcome"
    name        = "Welcome"
    value       = "Welcome back!"
    description = "For returning visitors"
  }
}
`;

const configurations = `
resource "flagplane_flag_environment" "banner_production" {
  project           = flagplane_project.web.key
  flag              = flagplane_flag.banner.key
  environment       = flagplane_environment.production.key
  enabled           = true
  default_variation = "hello"

  rule {
    description = "Returning visitors in the Netherlands"
    variation   = "welcome"
    condition_group {
      condition {
        attribute = "country"
        operator  = "Equals"
        values    = ["NL"]
      }
      condition {
        attribute = "visits"
        operator  = "GreaterThan"
        values    = ["1"]
      }
    }
  }
}

resource "flagplane_flag_environment" "banner_staging" {
  project     = flagplane_project.web.key
  flag        = flagplane_flag.banner.key
  environment = flagplane_environment.staging.key
  enabled     = true

  rollout {
    variation = "hello"
    weight    = 30
  }
  rollout {
    variation = "welcome"
    weight    = 70
  }
}
`;

const checkoutFlag = `
resource "flagplane_flag" "checkout" {
  project             = flagplane_project.web.key
  key                 = "new-checkout"
  type                = "Boolean"
  client_side_visible = true
}
`;

const dataSource = `
data "flagplane_project" "web" {
  key        = flagplane_project.web.key
  depends_on = [flagplane_environment.staging]
}

output "environment_keys" {
  value = [for environment in data.flagplane_project.web.environments : environment.key]
}
`;

const setup = useServerAndProvider();
const api = () => setup.api();
/** The token reaches the provider through a sensitive variable, not FLAGPLANE_TOKEN. */
const terraformEnvironment = () => {
  const { FLAGPLANE_TOKEN: _fromVariableInstead, ...rest } = setup.environment;
  return { ...rest, TF_VAR_flagplane_token: ownerToken };
};

describe.skipIf(!setup.available)('terraform-provider-flagplane under Terraform', () => {
  let main: TerraformDirectory;
  const everything = header + project + configurations + checkoutFlag + dataSource;

  it('installs into a filesystem mirror and prints the required_providers block', () => {
    expect(setup.installation.installOutput).toContain('source  = "flagplane/flagplane"');
    expect(setup.installation.installOutput).toContain('filesystem_mirror');
  });

  it('inits with no network, validates, plans and applies; the token is in no log line', async () => {
    main = new TerraformDirectory(setup.installation, 'main', terraformEnvironment());
    main.write(everything);
    await main.succeed(['init', '-input=false']);
    expect(readFileSync(path.join(main.directory, '.terraform.lock.hcl'), 'utf8')).toContain(
      'registry.terraform.io/flagplane/flagplane',
    );
    const validate = await main.succeed(['validate', '-json']);
    expect(JSON.parse(validate.stdout).valid).toBe(true);

    const plan = await main.succeed(['plan', '-json', '-input=false']);
    expect(plan.changes).toEqual([
      'create flagplane_environment.production',
      'create flagplane_environment.staging',
      'create flagplane_flag.banner',
      'create flagplane_flag.checkout',
      'create flagplane_flag_environment.banner_production',
      'create flagplane_flag_environment.banner_staging',
      'create flagplane_project.web',
      'read data.flagplane_project.web',
    ]);

    const logPath = path.join(setup.installation.root, 'trace.log');
    const apply = await main.succeed(['apply', '-auto-approve', '-json', '-input=false'], {
      TF_LOG: 'TRACE',
      TF_LOG_PATH: logPath,
    });
    // `production` came with the project: taking it over is said, not an error.
    expect(apply.diagnostics.map((diagnostic) => `${diagnostic.severity}: ${diagnostic.summary}`)).toEqual([
      'warning: Environment "production" already existed in project "web": Terraform now manages it',
    ]);
    const log = readFileSync(logPath, 'utf8');
    expect(log).toContain('provider configured'); // the provider's own lines are in this log
    expect(log).toContain('ApplyResourceChange');
    expect(log).not.toContain(ownerToken);
    expect(apply.stdout + apply.stderr).not.toContain(ownerToken);

    const client = api();
    const web = await client.projects.retrieve('acme', 'web');
    expect(web).toMatchObject({ name: 'Web shop', description: 'The storefront' });
    expect(web.managedBy?.source).toBe('terraform:acme');
    expect(await client.environments.retrieve('acme', 'web', 'production')).toMatchObject({
      name: 'Production',
      color: '#ef4444',
    });
    expect((await client.environments.retrieve('acme', 'web', 'staging')).color).toBe('#f59e0b');
    const banner = await client.flags.retrieve('acme', 'web', 'banner-text');
    expect(banner.managedBy?.source).toBe('terraform:acme');
    expect(
      banner.variations.map(({ key, name, value, description }) => ({ key, name, value, description })),
    ).toEqual([
      { key: 'hello', name: 'hello', value: 'Hello', description: null },
      { key: 'welcome', name: 'Welcome', value: 'Welcome back!', description: 'For returning visitors' },
    ]);
    expect(banner.managedBy?.environments.slice().sort()).toEqual(['production', 'staging']);
    const production = await client.flagEnvironments.retrieve('acme', 'web', 'banner-text', 'production');
    const variationId = (key: string) => banner.variations.find((variation) => variation.key === key)?.id;
    expect(production).toMatchObject({
      isEnabled: true,
      strategy: 'TargetedRollout',
      defaultVariationId: variationId('hello'),
      rules: [
        {
          description: 'Returning visitors in the Netherlands',
          variationId: variationId('welcome'),
          rolloutPercentage: null,
          userSegmentId: null,
          conditionGroups: [
            {
              operator: 'And',
              conditions: [
                { attribute: 'country', operator: 'Equals', values: ['NL'], negate: false },
                { attribute: 'visits', operator: 'GreaterThan', values: ['1'], negate: false },
              ],
            },
          ],
        },
      ],
    });
    const staging = await client.flagEnvironments.retrieve('acme', 'web', 'banner-text', 'staging');
    expect(staging).toMatchObject({
      isEnabled: true,
      strategy: 'PercentageRollout',
      percentageRollout: [
        { variationId: variationId('hello'), weight: 30 },
        { variationId: variationId('welcome'), weight: 70 },
      ],
    });
    const checkout = await client.flags.retrieve('acme', 'web', 'new-checkout');
    expect(checkout).toMatchObject({ type: 'Boolean', clientSideVisible: true, isArchived: false });

    const output = await main.succeed(['output', '-json', 'environment_keys']);
    expect(JSON.parse(output.stdout)).toEqual(['development', 'production', 'staging']);
  });

  it('plans nothing a second time, reading each resource once and writing nothing', async () => {
    setup.server.resetCounts();
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(0);
    expect(plan.changes).toEqual([]);
    const { total, writes } = setup.server.counts();
    expect(writes).toBe(0);
    // Seven resources, one read each (the flag environments share their flag's read); the data source
    // reads the project and its environments.
    expect(total).toBe(9);
  });

  it('shows a change made outside Terraform as drift, naming who made it, and apply reverts it', async () => {
    const consoleUser = setup.api({ headers: { 'user-agent': 'flagplane-console/0.1.0' } });
    await consoleUser.flags.update('acme', 'web', 'banner-text', { name: 'Renamed in the console' });
    await consoleUser.environments.update('acme', 'web', 'staging', { color: '#000000' });
    await consoleUser.flagEnvironments.toggle('acme', 'web', 'banner-text', 'production', { enabled: false });
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(2);
    const warnings = plan.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    expect(warnings.map((warning) => warning.summary).sort()).toEqual([
      'Environment "staging" of project "web" was changed outside Terraform',
      'Flag "banner-text" in environment "production" was changed outside Terraform',
      'Flag "banner-text" of project "web" was changed outside Terraform',
    ]);
    expect(warnings.find((warning) => warning.summary.includes('"production"'))?.detail).toContain(
      'toggleFlag by Olive Owner <owner@acme.test> (user)',
    );
    const flagWarning = warnings.find((warning) =>
      warning.summary.startsWith('Flag "banner-text" of project'),
    );
    expect(flagWarning?.detail).toMatch(
      /^Last change: updateFlag by Olive Owner <owner@acme\.test> \(user\) at \d{4}-\d\d-\d\dT[\d:.]+Z with flagplane-console\/0\.1\.0 changing name\./,
    );
    expect(plan.changes).toEqual([
      'read data.flagplane_project.web', // it depends on the staging environment, which changes
      'update flagplane_environment.staging',
      'update flagplane_flag.banner',
      'update flagplane_flag_environment.banner_production',
    ]);
    const drift = plan.messages.filter((message) => message.type === 'resource_drift');
    expect(
      drift.map((message) => (message.change as { resource: { addr: string } }).resource.addr).sort(),
    ).toEqual([
      'flagplane_environment.staging',
      'flagplane_flag.banner',
      'flagplane_flag_environment.banner_production',
    ]);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect((await api().flags.retrieve('acme', 'web', 'banner-text')).name).toBe('Banner text');
    expect((await api().environments.retrieve('acme', 'web', 'staging')).color).toBe('#f59e0b');
    expect(
      (await api().flagEnvironments.retrieve('acme', 'web', 'banner-text', 'production')).isEnabled,
    ).toBe(true);
  });

  it('imports every resource type, with `terraform import` and with import blocks', async () => {
    const second = new TerraformDirectory(setup.installation, 'imported', terraformEnvironment());
    second.write(`${header}${project}${configurations}${checkoutFlag}
import {
  to = flagplane_flag_environment.banner_production
  id = "web/banner-text/production"
}
import {
  to = flagplane_flag_environment.banner_staging
  id = "web/banner-text/staging"
}
import {
  to = flagplane_environment.production
  id = "web/production"
}
import {
  to = flagplane_environment.staging
  id = "web/staging"
}
import {
  to = flagplane_flag.banner
  id = "web/banner-text"
}
`);
    await second.succeed(['init', '-input=false']);
    await second.succeed(['import', '-input=false', 'flagplane_project.web', 'web']);
    await second.succeed(['import', '-input=false', 'flagplane_flag.checkout', 'web/new-checkout']);
    // The resources imported by the command need no change; the import blocks import and change nothing.
    const plan = await second.succeed(['plan', '-json', '-input=false']);
    const imports = plan.messages
      .filter((message) => message.type === 'planned_change')
      .map(
        (message) =>
          message.change as { action: string; resource: { addr: string }; importing?: { id: string } },
      );
    expect(
      imports.map((change) => [change.resource.addr, change.action, change.importing?.id]).sort(),
    ).toEqual([
      ['flagplane_environment.production', 'import', 'web/production'],
      ['flagplane_environment.staging', 'import', 'web/staging'],
      ['flagplane_flag.banner', 'import', 'web/banner-text'],
      ['flagplane_flag_environment.banner_production', 'import', 'web/banner-text/production'],
      ['flagplane_flag_environment.banner_staging', 'import', 'web/banner-text/staging'],
    ]);

    const malformed = await second.run(['import', '-input=false', 'flagplane_flag.banner', 'banner-text']);
    expect(malformed.code).not.toBe(0);
    expect(malformed.stderr).toContain('does not have the form project/flag');
  });

  it('archives a flag removed from the configuration, and restores it when declared again', async () => {
    main.write(header + project + configurations + dataSource);
    const plan = await main.succeed(['plan', '-json', '-input=false']);
    expect(plan.changes).toEqual(['delete flagplane_flag.checkout']);
    expect(plan.diagnostics.map((diagnostic) => diagnostic.summary)).toContain(
      'Flag "new-checkout" will be archived, not deleted',
    );
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect((await api().flags.retrieve('acme', 'web', 'new-checkout')).isArchived).toBe(true);

    main.write(everything);
    const restore = await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect(restore.diagnostics.map((diagnostic) => diagnostic.summary)).toContain(
      'Flag "new-checkout" was archived: restored',
    );
    expect((await api().flags.retrieve('acme', 'web', 'new-checkout')).isArchived).toBe(false);

    // Archived by hand: the plan says who did it and creates the flag again, which restores it.
    await api().flags.archive('acme', 'web', 'new-checkout');
    const again = await main.run(['plan', '-json', '-input=false']);
    expect(again.changes).toContain('create flagplane_flag.checkout');
    const archived = again.diagnostics.find((diagnostic) => diagnostic.summary.startsWith('Archived flag'));
    expect(archived?.summary).toBe(
      'Archived flag "new-checkout" of project "web" was changed outside Terraform',
    );
    expect(archived?.detail).toContain('archiveFlag by Olive Owner <owner@acme.test> (user)');
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect((await api().flags.retrieve('acme', 'web', 'new-checkout')).isArchived).toBe(false);
  });

  it('destroys: flags archived, the project and environments left on the server with a warning', async () => {
    const destroy = await main.succeed(['destroy', '-auto-approve', '-json', '-input=false']);
    const warnings = destroy.diagnostics
      .filter((diagnostic) => diagnostic.severity === 'warning')
      .map((d) => d.summary);
    expect(warnings).toContain('Project "web" stays on the server');
    expect(warnings).toContain('Environment "staging" stays in project "web"');
    const client = api();
    expect((await client.flags.retrieve('acme', 'web', 'banner-text')).isArchived).toBe(true);
    expect((await client.environments.retrieve('acme', 'web', 'staging')).key).toBe('staging');
    expect((await client.projects.retrieve('acme', 'web')).key).toBe('web');
  });

  it('deletes for good what says deletion = "delete"', async () => {
    const temporary = new TerraformDirectory(setup.installation, 'deleting', terraformEnvironment());
    temporary.write(`${header}
resource "flagplane_project" "scratch" {
  key      = "scratch"
  deletion = "delete"
}
resource "flagplane_environment" "qa" {
  project  = flagplane_project.scratch.key
  key      = "qa"
  color    = "#ABCDEF" # the server stores it lower-case: the same colour, no change to plan
  deletion = "delete"
}
resource "flagplane_flag" "gone" {
  project  = flagplane_project.scratch.key
  key      = "gone-soon"
  type     = "Number"
  deletion = "delete"
  variation {
    key   = "one"
    value = "1"
  }
}
resource "flagplane_flag_environment" "gone_qa" {
  project     = flagplane_project.scratch.key
  flag        = flagplane_flag.gone.key
  environment = flagplane_environment.qa.key
  rule {
    variation = "one"
    condition_group {
      operator = "Or"
      condition {
        attribute = "plan"
        operator  = "startswith" # any case: the server stores "StartsWith", the same operator
        values    = ["pro"]
      }
    }
  }
}
`);
    await temporary.succeed(['init', '-input=false']);
    await temporary.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect((await api().flags.retrieve('acme', 'scratch', 'gone-soon')).type).toBe('Number');
    expect((await api().environments.retrieve('acme', 'scratch', 'qa')).color).toBe('#abcdef');
    const qa = await api().flagEnvironments.retrieve('acme', 'scratch', 'gone-soon', 'qa');
    expect(qa.strategy).toBe('TargetedRollout'); // implied by the rule block
    expect(qa.rules[0]?.conditionGroups?.[0]).toMatchObject({
      operator: 'Or',
      conditions: [{ operator: 'StartsWith' }],
    });
    expect((await temporary.run(['plan', '-json', '-input=false', '-detailed-exitcode'])).code).toBe(0);
    await temporary.succeed(['destroy', '-auto-approve', '-json', '-input=false']);
    await expect(api().projects.retrieve('acme', 'scratch')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports bad values as diagnostics on their attributes: at validate, and at plan for values known only then', async () => {
    const invalid = new TerraformDirectory(setup.installation, 'invalid', terraformEnvironment());
    const configuration = `${header}
resource "flagplane_flag" "price" {
  project  = "web"
  key      = "Not a key!"
  type     = "Number"
  deletion = "erase"
  variation {
    key   = "cheap"
    value = "9.99"
  }
  variation {
    key   = "dear"
    value = "a lot"
  }
}

resource "flagplane_flag_environment" "price_production" {
  project     = "web"
  flag        = "price"
  environment = "production"

  rollout {
    variation = "cheap"
    weight    = 60
  }
  rollout {
    variation = "dear"
    weight    = 30
  }
  rule {
    variation = "dear"
    condition_group {
      condition {
        attribute = "email"
        operator  = "MatchesRegex"
        values    = ["^(a+)\\\\1$"]
      }
    }
  }
}
`;
    invalid.write(configuration);
    await invalid.succeed(['init', '-input=false']);
    const validate = await invalid.run(['validate', '-json']);
    expect(JSON.parse(validate.stdout).valid).toBe(false);
    const found = JSON.parse(validate.stdout).diagnostics as {
      summary: string;
      detail: string;
      range: { start: { line: number } };
    }[];
    expect(found.map(({ summary, range }) => [summary, range.start.line]).sort()).toEqual(
      [
        ['Invalid deletion', lineOf(configuration, 'deletion = "erase"')],
        ['Invalid key', lineOf(configuration, 'key      = "Not a key!"')],
        ['Invalid variation[1].value', lineOf(configuration, 'value = "a lot"')],
        ['Invalid rollout', lineOf(configuration, 'weight    = 60')],
        [
          'Invalid rule[0].condition_group[0].condition[0].values[0]',
          lineOf(configuration, 'values    = ["^(a+)'),
        ],
      ].sort(),
    );
    expect(found.find(({ summary }) => summary === 'Invalid rollout')?.detail).toBe(
      'weights must sum to 100, not 90',
    );
    expect(found.find(({ summary }) => summary.startsWith('Invalid rule'))?.detail).toContain(
      'linear-time engine',
    );
    expect(found.find(({ summary }) => summary === 'Invalid variation[1].value')?.detail).toContain(
      'finite JSON number',
    );

    // A value from a variable is unknown to `validate`; the plan reports it on its line.
    const planTime = new TerraformDirectory(setup.installation, 'plan-time', terraformEnvironment());
    const later = `${header}
variable "flag_key" {
  default = "also not a key!"
}
resource "flagplane_flag" "late" {
  project = "web"
  key     = var.flag_key
  type    = "Boolean"
}

# The flag exists (archived by the destroy above): its variations are hello and welcome.
resource "flagplane_flag_environment" "wrong_variation" {
  project           = "web"
  flag              = "banner-text"
  environment       = "production"
  default_variation = "goodbye"
}
`;
    planTime.write(later);
    await planTime.succeed(['init', '-input=false']);
    await planTime.succeed(['validate', '-json']);
    const plan = await planTime.run(['plan', '-json', '-input=false']);
    expect(plan.code).toBe(1);
    const errors = plan.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    expect(errors.map((problem) => [problem.summary, problem.range?.start.line]).sort()).toEqual(
      [
        ['Invalid key', lineOf(later, 'key     = var.flag_key')],
        ['Unknown variation "goodbye"', lineOf(later, 'default_variation = "goodbye"')],
      ].sort(),
    );
  });
});
