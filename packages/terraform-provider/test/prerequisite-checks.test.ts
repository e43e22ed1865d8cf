/**
 * Variation keys of `flagplane_flag_environment` checked at plan time under Terraform 1.11, against a
 * real server: a prerequisite naming a variation its flag does not have is an error on that block's
 * `variation` line and nothing is written; a value unknown until apply passes; and a variation the same
 * apply adds (to the prerequisite flag, to a new flag, or to the configured flag itself) is no error.
 */
import { describe, expect, it } from 'vitest';
import { requiredProviders, useServerAndProvider } from './support/setup.js';
import { lineOf, TerraformDirectory } from './support/terraform-project.js';

const setup = useServerAndProvider();
const api = () => setup.api();

const flags = (extraLayoutVariation = '') => `${requiredProviders}
provider "flagplane" {}

resource "flagplane_project" "shop" {
  key = "shop"
}

resource "flagplane_environment" "staging" {
  project = flagplane_project.shop.key
  key     = "staging"
}

resource "flagplane_flag" "checkout" {
  project = flagplane_project.shop.key
  key     = "new-checkout"
  type    = "Boolean"
}

resource "flagplane_flag" "layout" {
  project = flagplane_project.shop.key
  key     = "layout"
  type    = "String"
  variation {
    key   = "classic"
    value = "classic"
  }
  variation {
    key   = "one-page"
    value = "one-page"
  }
${extraLayoutVariation}
}

resource "flagplane_flag" "banner" {
  project = flagplane_project.shop.key
  key     = "banner"
  type    = "String"
  variation {
    key   = "hello"
    value = "Hello"
  }
  variation {
    key   = "welcome"
    value = "Welcome back"
  }
}
`;

const bannerStaging = (checkoutVariation: string, layoutVariation: string, extra = '') => `
resource "flagplane_flag_environment" "banner_staging" {
  project     = flagplane_project.shop.key
  flag        = flagplane_flag.banner.key
  environment = flagplane_environment.staging.key
  enabled     = true

  prerequisite {
    flag      = flagplane_flag.checkout.key
    variation = ${checkoutVariation}
  }
  prerequisite {
    flag      = flagplane_flag.layout.key
    variation = ${layoutVariation}
  }
${extra}
}
`;

/** What the last two tests add in one apply: a new flag, a variation of `layout`, a prerequisite on the new flag. */
const gate = `
resource "flagplane_flag" "gate" {
  project = flagplane_project.shop.key
  key     = "gate"
  type    = "String"
  variation {
    key   = "open"
    value = "open"
  }
}
`;
const added = `  variation {
    key   = "two-page"
    value = "two-page"
  }`;
const gatePrerequisite = `  prerequisite {
    flag      = flagplane_flag.gate.key
    variation = "open"
  }`;

/**
 * Plans `configuration` in `directory`, expecting it refused with exactly these errors, each given as its
 * summary and the text of the configuration line it points at; answers the errors.
 */
async function expectPlanErrors(
  directory: TerraformDirectory,
  configuration: string,
  expected: readonly (readonly [summary: string, lineText: string])[],
) {
  directory.write(configuration);
  const plan = await directory.run(['plan', '-json', '-input=false']);
  expect(plan.code).toBe(1);
  const errors = plan.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  expect(errors.map((problem) => [problem.summary, problem.range?.start.line]).sort()).toEqual(
    expected.map(([summary, lineText]) => [summary, lineOf(configuration, lineText)]).sort(),
  );
  return errors;
}

const livePrerequisites = async () =>
  (await api().flagEnvironments.retrieve('acme', 'shop', 'banner', 'staging')).prerequisites;

describe.skipIf(!setup.available)('variation keys checked at plan', () => {
  let main: TerraformDirectory;

  it('applies prerequisites whose variations exist', async () => {
    main = new TerraformDirectory(setup.installation, 'main', setup.environment);
    main.write(flags() + bannerStaging('"true"', '"one-page"'));
    await main.succeed(['init', '-input=false']);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    // A flag of the project that this configuration does not declare.
    await api().flags.create('acme', 'shop', {
      key: 'legacy',
      type: 'String',
      variations: [
        { key: 'old', value: 'old' },
        { key: 'new', value: 'new' },
      ],
    });
    expect(await livePrerequisites()).toEqual([
      { prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'true' },
      { prerequisiteFlagKey: 'layout', expectedVariationKey: 'one-page' },
    ]);
  });

  it('fails the plan on the variation line of each prerequisite whose flag lacks it, writing nothing', async () => {
    const legacy = `  prerequisite {
    flag      = "legacy"
    variation = "newest"
  }`;
    const configuration = flags() + bannerStaging('"maybe"', '"two-page"', legacy);
    setup.server.resetCounts();
    const errors = await expectPlanErrors(main, configuration, [
      ['Unknown variation "maybe"', 'variation = "maybe"'],
      ['Unknown variation "two-page"', 'variation = "two-page"'],
      ['Unknown variation "newest"', 'variation = "newest"'],
    ]);
    expect(errors.find((problem) => problem.summary.includes('two-page'))?.detail).toContain(
      'Prerequisite flag "layout", as this configuration declares it, has the variations "classic", "one-page".',
    );
    expect(errors.find((problem) => problem.summary.includes('maybe'))?.detail).toContain(
      'Prerequisite flag "new-checkout", as this configuration declares it, has the variations "true", "false".',
    );
    expect(errors.find((problem) => problem.summary.includes('newest'))?.detail).toBe(
      'Prerequisite flag "legacy" has the variations "old", "new".',
    );
    // A failed plan stops before any apply: nothing written, the configuration as it was.
    const apply = await main.run(['apply', '-auto-approve', '-json', '-input=false']);
    expect(apply.code).toBe(1);
    expect(setup.server.counts().writes).toBe(0);
    expect(await livePrerequisites()).toEqual([
      { prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'true' },
      { prerequisiteFlagKey: 'layout', expectedVariationKey: 'one-page' },
    ]);
  });

  it('passes a variation known only at apply (the server checks it then)', async () => {
    main.write(`${flags()}${bannerStaging('"true"', 'terraform_data.choice.output')}
resource "terraform_data" "choice" {
  input = "classic"
}
`);
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(2);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect((await livePrerequisites())?.[1]?.expectedVariationKey).toBe('classic');
  });

  it('passes a variation that the same apply adds to the prerequisite flag, or to a new flag', async () => {
    main.write(flags(added) + gate + bannerStaging('"true"', '"two-page"', gatePrerequisite));
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(plan.code).toBe(2);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect(await livePrerequisites()).toEqual([
      { prerequisiteFlagKey: 'new-checkout', expectedVariationKey: 'true' },
      { prerequisiteFlagKey: 'layout', expectedVariationKey: 'two-page' },
      { prerequisiteFlagKey: 'gate', expectedVariationKey: 'open' },
    ]);

    // A variation the new flag does not declare is known not to exist after the apply either.
    const configuration =
      flags(added) +
      gate +
      bannerStaging('"true"', '"two-page"', gatePrerequisite.replace('"open"', '"shut"'));
    await expectPlanErrors(main, configuration, [['Unknown variation "shut"', 'variation = "shut"']]);
  });

  it('passes a variation of the configured flag that the same apply adds, and refuses one it removes', async () => {
    const banner = (variations: string) =>
      flags(added).replace(
        /(resource "flagplane_flag" "banner" \{[\s\S]*?)\n\}\n$/,
        `$1\n${variations}\n}\n`,
      ) + gate;
    const greeting = `  variation {
    key   = "greeting"
    value = "Greetings"
  }`;
    const defaultGreeting = bannerStaging('"true"', '"two-page"', gatePrerequisite).replace(
      'enabled     = true',
      'enabled           = true\n  default_variation = "greeting"',
    );
    main.write(banner(greeting) + defaultGreeting);
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    const flag = await api().flags.retrieve('acme', 'shop', 'banner');
    const staging = await api().flagEnvironments.retrieve('acme', 'shop', 'banner', 'staging');
    expect(flag.variations.find((variation) => variation.id === staging.defaultVariationId)?.key).toBe(
      'greeting',
    );

    await expectPlanErrors(main, banner('') + defaultGreeting, [
      ['Unknown variation "greeting"', 'default_variation = "greeting"'],
    ]);
  });
});
