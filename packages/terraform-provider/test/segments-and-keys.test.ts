/**
 * Segments and SDK keys under Terraform itself, against a real server: a rule targets a segment by key;
 * an SDK key's secret is set once, works as a credential, is passed to another resource, is marked
 * sensitive in state, and appears in no plan output and in no line the provider logs (`TF_LOG=TRACE`).
 * Imports, bad values, and destroy (the key revoked, the segment deleted once no rule uses it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, NotFoundError } from '@flagplane/sdk';
import { describe, expect, it } from 'vitest';
import { otherOrganizationToken, ownerToken } from './support/flagplane-server.js';
import { requiredProviders, useServerAndProvider } from './support/setup.js';
import { lineOf, TerraformDirectory } from './support/terraform-project.js';

const header = `${requiredProviders}
provider "flagplane" {}
`;

const resources = `
resource "flagplane_project" "shop" {
  key      = "shop"
  deletion = "delete"
}

resource "flagplane_segment" "beta" {
  project     = flagplane_project.shop.key
  key         = "beta-users"
  name        = "Beta users"
  included    = ["user-2", "user-1", "user-2"]
  excluded    = ["user-9"]
  condition_group {
    operator = "Or"
    condition {
      attribute = "email"
      operator  = "EndsWith"
      values    = ["@acme.test"]
    }
  }
}

resource "flagplane_flag" "search" {
  project = flagplane_project.shop.key
  key     = "new-search"
  type    = "Boolean"
}

resource "flagplane_flag_environment" "search_production" {
  project     = flagplane_project.shop.key
  flag        = flagplane_flag.search.key
  environment = "production"
  enabled     = true
  rule {
    variation = "true"
    segment   = flagplane_segment.beta.key
  }
}

resource "flagplane_sdk_key" "backend" {
  project     = flagplane_project.shop.key
  environment = "production"
  type        = "ServerSide"
  name        = "Backend"
}

# Another resource receiving the secret, as an application's deployment would.
resource "terraform_data" "deployment" {
  input = flagplane_sdk_key.backend.secret
}

data "flagplane_flag" "search" {
  project = flagplane_project.shop.key
  key     = flagplane_flag.search.key
}

data "flagplane_environment" "production" {
  project    = flagplane_project.shop.key
  key        = "production"
  depends_on = [flagplane_project.shop]
}

data "flagplane_segment" "beta" {
  project = flagplane_project.shop.key
  key     = flagplane_segment.beta.key
}

output "lookups" {
  value = {
    variations  = sort([for variation in data.flagplane_flag.search.variations : variation.key])
    environment = data.flagplane_environment.production.color
    excluded    = data.flagplane_segment.beta.excluded
  }
}
`;

const setup = useServerAndProvider();

describe.skipIf(!setup.available)('segments and SDK keys under Terraform', () => {
  let main: TerraformDirectory;
  let secret = '';

  it('applies: a rule targets the segment by key; the key works; its secret is in no output or provider log line', async () => {
    main = new TerraformDirectory(setup.installation, 'keys', setup.environment);
    main.write(header + resources);
    await main.succeed(['init', '-input=false']);
    const logPath = path.join(setup.installation.root, 'keys-trace.log');
    const apply = await main.succeed(['apply', '-auto-approve', '-json', '-input=false'], {
      TF_LOG: 'TRACE',
      TF_LOG_PATH: logPath,
    });

    const client = setup.api();
    const segment = await client.segments.retrieve('acme', 'shop', 'beta-users');
    expect(segment).toMatchObject({ name: 'Beta users', excluded: ['user-9'] });
    // A set: the repeat counts once.
    expect([...segment.included].sort()).toEqual(['user-1', 'user-2']);
    expect(segment.conditionGroups).toEqual([
      {
        operator: 'Or',
        conditions: [{ attribute: 'email', operator: 'EndsWith', values: ['@acme.test'], negate: false }],
      },
    ]);
    const configuration = await client.flagEnvironments.retrieve('acme', 'shop', 'new-search', 'production');
    expect(configuration.rules[0]?.userSegmentId).toBe(segment.id);

    const lookups = await main.succeed(['output', '-json', 'lookups']);
    expect(JSON.parse(lookups.stdout)).toEqual({
      variations: ['false', 'true'],
      environment: '#ef4444',
      excluded: ['user-9'],
    });

    const show = await main.succeed(['show', '-json']);
    const state = JSON.parse(show.stdout) as {
      values: {
        root_module: {
          resources: {
            address: string;
            values: Record<string, unknown>;
            sensitive_values: Record<string, unknown>;
          }[];
        };
      };
    };
    const key = state.values.root_module.resources.find(
      (resource) => resource.address === 'flagplane_sdk_key.backend',
    );
    secret = String(key?.values.secret ?? '');
    expect(secret).toMatch(/^fp_srv_[0-9A-Za-z]{40}$/);
    expect(key?.sensitive_values.secret).toBe(true);
    expect(key?.values.last_four).toBe(secret.slice(-4));
    // It is the real key: it reads the environment's flags.
    const application = createClient({ baseUrl: setup.server.baseUrl, token: secret });
    const delivered = await application.sdk.flags();
    expect(delivered?.flags.map((flag) => flag.key)).toContain('new-search');

    expect(apply.stdout + apply.stderr).not.toContain(secret);
    const providerLines = readFileSync(logPath, 'utf8')
      .split('\n')
      .filter((line) => line.includes('provider.terraform-provider-flagplane'));
    expect(providerLines.length).toBeGreaterThan(10);
    expect(providerLines.filter((line) => line.includes(secret))).toEqual([]);
    expect(providerLines.filter((line) => line.includes(ownerToken))).toEqual([]);

    // A plan reads the secret back from state: still in no output and no provider line.
    const planLog = path.join(setup.installation.root, 'keys-plan-trace.log');
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode'], {
      TF_LOG: 'TRACE',
      TF_LOG_PATH: planLog,
    });
    expect(plan.code).toBe(0);
    expect(plan.stdout + plan.stderr).not.toContain(secret);
    const planProviderLines = readFileSync(planLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes('provider.terraform-provider-flagplane'));
    expect(planProviderLines.some((line) => line.includes('rpc ReadResource'))).toBe(true);
    expect(planProviderLines.filter((line) => line.includes(secret))).toEqual([]);
  });

  it('imports a segment and an SDK key (whose secret cannot come back)', async () => {
    const second = new TerraformDirectory(setup.installation, 'keys-imported', setup.environment);
    const keyId = (await setup.api().sdkKeys.list('acme', 'shop', 'production')).items.find(
      (key) => key.name === 'Backend',
    )?.id;
    second.write(`${header}
resource "flagplane_segment" "beta" {
  project     = "shop"
  key         = "beta-users"
  name        = "Beta users"
  included    = ["user-1", "user-2"]
  excluded    = ["user-9"]
  condition_group {
    operator = "Or"
    condition {
      attribute = "email"
      operator  = "EndsWith"
      values    = ["@acme.test"]
    }
  }
}
resource "flagplane_sdk_key" "backend" {
  project     = "shop"
  environment = "production"
  type        = "ServerSide"
  name        = "Backend"
}
import {
  to = flagplane_segment.beta
  id = "shop/beta-users"
}
import {
  to = flagplane_sdk_key.backend
  id = "shop/production/${keyId}"
}
`);
    await second.succeed(['init', '-input=false']);
    const plan = await second.succeed(['plan', '-json', '-input=false']);
    expect(plan.changes).toEqual(['import flagplane_sdk_key.backend', 'import flagplane_segment.beta']);
    expect(plan.diagnostics.map((diagnostic) => diagnostic.summary)).toContain(
      'An imported SDK key has no secret in state',
    );
  });

  it('reports a bad segment key and SDK key type on their lines, and a data source naming nothing', async () => {
    const invalid = new TerraformDirectory(setup.installation, 'keys-invalid', setup.environment);
    const configuration = `${header}
resource "flagplane_segment" "bad" {
  project = "shop"
  key     = "Beta Users"
}
resource "flagplane_sdk_key" "bad" {
  project     = "shop"
  environment = "production"
  type        = "serverside"
}
`;
    invalid.write(configuration);
    await invalid.succeed(['init', '-input=false']);
    const validate = await invalid.run(['validate', '-json']);
    const found = JSON.parse(validate.stdout).diagnostics as {
      summary: string;
      range: { start: { line: number } };
    }[];
    expect(found.map(({ summary, range }) => [summary, range.start.line]).sort()).toEqual(
      [
        ['Invalid key', lineOf(configuration, 'key     = "Beta Users"')],
        ['Invalid type', lineOf(configuration, 'type        = "serverside"')],
      ].sort(),
    );

    // A data source naming what does not exist: the server's answer, suggestion included.
    invalid.write(`${header}
data "flagplane_flag" "missing" {
  project = "shop"
  key     = "new-serch"
}
`);
    const lookup = await invalid.run(['plan', '-json', '-input=false']);
    expect(lookup.code).toBe(1);
    const notFound = lookup.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    expect(notFound?.summary).toBe('Not found');
    expect(notFound?.detail).toContain('Did you mean: new-search');
  });

  it("shows nothing of the organization to another organization's token", async () => {
    const outsider = new TerraformDirectory(setup.installation, 'keys-outsider', {
      ...setup.environment,
      FLAGPLANE_TOKEN: otherOrganizationToken,
    });
    outsider.write(`${header}
data "flagplane_project" "shop" {
  key = "shop"
}
`);
    await outsider.succeed(['init', '-input=false']);
    const lookup = await outsider.run(['plan', '-json', '-input=false']);
    expect(lookup.code).toBe(1);
    expect(lookup.diagnostics.map((diagnostic) => diagnostic.summary)).toEqual(['Not found']);
    // In its own organization there is no such project either: the same answer, nothing learned.
    outsider.write(`${header}
resource "flagplane_project" "shop" {
  key = "shop"
}
`);
    const imported = await outsider.run(['import', '-input=false', 'flagplane_project.shop', 'shop'], {
      FLAGPLANE_ORG: 'globex',
    });
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain('Not found');
  });

  it("keeps the secret and the token out of the server's log", () => {
    const lines = setup.server.logLines();
    expect(lines.length).toBeGreaterThan(20); // the request log was captured
    expect(lines.filter((line) => line.includes(secret) || line.includes(ownerToken))).toEqual([]);
  });

  it('destroys: the key revoked, the rule removed, the segment and the project deleted', async () => {
    const destroy = await main.succeed(['destroy', '-auto-approve', '-json', '-input=false']);
    expect(destroy.stdout).not.toContain(secret);
    const revoked = await createClient({ baseUrl: setup.server.baseUrl, token: secret, maxRetries: 0 })
      .sdk.flags()
      .catch((error: unknown) => error);
    expect((revoked as { status?: number }).status).toBe(401);
    await expect(setup.api().projects.retrieve('acme', 'shop')).rejects.toBeInstanceOf(NotFoundError);
  });
});
