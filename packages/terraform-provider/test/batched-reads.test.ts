/**
 * A configuration of many flags of one project is read in pages of the flag list (`view=full`), not a
 * request per resource: a plan with no change costs a fraction of a request per resource and writes
 * nothing, and what changed outside Terraform still shows, flag by flag, whichever way each was read
 * (the first flags Terraform asks for are read on their own, the rest from the pages).
 */
import { describe, expect, it } from 'vitest';
import { requiredProviders, useServerAndProvider } from './support/setup.js';
import { TerraformDirectory } from './support/terraform-project.js';

const FLAGS = 30;

const configuration = `${requiredProviders}
provider "flagplane" {}

resource "flagplane_project" "many" {
  key = "many"
}

resource "flagplane_environment" "production" {
  project = flagplane_project.many.key
  key     = "production"
}

resource "flagplane_flag" "many" {
  count   = ${FLAGS}
  project = flagplane_project.many.key
  key     = "flag-\${count.index}"
  type    = "Boolean"
  name    = "Flag \${count.index}"
}

resource "flagplane_flag_environment" "many" {
  count       = ${FLAGS}
  project     = flagplane_project.many.key
  flag        = flagplane_flag.many[count.index].key
  environment = flagplane_environment.production.key
  enabled     = count.index % 2 == 0
}
`;

const setup = useServerAndProvider();

describe.skipIf(!setup.available)('reads batched by project', () => {
  it('plans 62 unchanged resources in a handful of requests, and still finds every change made outside', async () => {
    const directory = new TerraformDirectory(setup.installation, 'many-flags', setup.environment);
    directory.write(configuration);
    await directory.succeed(['init', '-input=false']);
    await directory.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    setup.server.resetCounts();
    const unchanged = await directory.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(unchanged.code).toBe(0);
    const counts = setup.server.counts();
    expect(counts.writes).toBe(0);
    // One request per resource would be 2 + 2 × 30 = 62: here the project, its environment, at most nine
    // flags and their configurations read on their own before the tenth starts the walk, and one page.
    expect(counts.total).toBeLessThanOrEqual(2 + 2 * 9 + 1);

    // Changed outside, every flag and every configuration: each shows as drift, read either way.
    const api = setup.api();
    for (let index = 0; index < FLAGS; index++) {
      await api.flags.update('acme', 'many', `flag-${index}`, { name: `Renamed ${index}` });
      await api.flagEnvironments.toggle('acme', 'many', `flag-${index}`, 'production', {
        enabled: index % 2 !== 0,
      });
    }
    await api.flags.archive('acme', 'many', 'flag-29');
    const drifted = await directory.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(drifted.code).toBe(2);
    const updates = drifted.changes.filter((change) => change.startsWith('update '));
    expect(updates).toHaveLength(2 * (FLAGS - 1));
    // The archived flag reads as gone, so the plan declares it (and its configuration) again.
    expect(drifted.changes).toContain('create flagplane_flag.many[29]');
    expect(drifted.changes).toContain('create flagplane_flag_environment.many[29]');

    await directory.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    const flags = await Promise.all(
      Array.from({ length: FLAGS }, (_, index) => api.flags.retrieve('acme', 'many', `flag-${index}`)),
    );
    expect(flags.map((flag) => [flag.name, flag.isArchived])).toEqual(
      Array.from({ length: FLAGS }, (_, index) => [`Flag ${index}`, false]),
    );
    const production = await Promise.all(
      Array.from({ length: FLAGS }, (_, index) =>
        api.flagEnvironments.retrieve('acme', 'many', `flag-${index}`, 'production'),
      ),
    );
    expect(production.map((entry) => entry.isEnabled)).toEqual(
      Array.from({ length: FLAGS }, (_, index) => index % 2 === 0),
    );
    const again = await directory.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(again.code).toBe(0);
  });
});
