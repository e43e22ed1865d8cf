/**
 * `temporary` on `flagplane_flag` under Terraform 1.11 against a real server: created as declared (left
 * out: false), a change made through the API is drift naming who made it and apply reverts it, imports
 * carry it, the data source reads it, and a state written before the attribute existed plans no change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requiredProviders, useServerAndProvider } from './support/setup.js';
import { TerraformDirectory } from './support/terraform-project.js';

const setup = useServerAndProvider();
const api = () => setup.api();

const project = `${requiredProviders}
provider "flagplane" {}

resource "flagplane_project" "shop" {
  key = "shop"
}
`;

const flags = (releaseTemporary: string) => `
resource "flagplane_flag" "release" {
  project = flagplane_project.shop.key
  key     = "release-banner"
  type    = "Boolean"
${releaseTemporary}
}

resource "flagplane_flag" "kill" {
  project = flagplane_project.shop.key
  key     = "kill-switch"
  type    = "Boolean"
}
`;

const temporaryOf = async (key: string) => (await api().flags.retrieve('acme', 'shop', key)).temporary;

/** The attributes of one resource instance in `terraform show -json`'s state. */
async function stateOf(directory: TerraformDirectory, address: string): Promise<Record<string, unknown>> {
  const show = await directory.succeed(['show', '-json']);
  const resources = (
    show.messages[0] as {
      values: { root_module: { resources: { address: string; values: Record<string, unknown> }[] } };
    }
  ).values.root_module.resources;
  const found = resources.find((resource) => resource.address === address);
  if (!found) throw new Error(`${address} is not in the state`);
  return found.values;
}

describe.skipIf(!setup.available)('temporary on flagplane_flag', () => {
  let main: TerraformDirectory;

  it('creates flags as declared (left out: false), and a second plan is empty', async () => {
    main = new TerraformDirectory(setup.installation, 'main', setup.environment);
    main.write(project + flags('  temporary = true'));
    await main.succeed(['init', '-input=false']);
    const plan = await main.succeed(['plan', '-json', '-input=false']);
    expect(plan.changes).toEqual([
      'create flagplane_flag.kill',
      'create flagplane_flag.release',
      'create flagplane_project.shop',
    ]);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect(await temporaryOf('release-banner')).toBe(true);
    expect(await temporaryOf('kill-switch')).toBe(false);
    expect((await stateOf(main, 'flagplane_flag.release')).temporary).toBe(true);
    expect((await stateOf(main, 'flagplane_flag.kill')).temporary).toBe(false);
    setup.server.resetCounts();
    const again = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(again.code).toBe(0);
    expect(setup.server.counts().writes).toBe(0);
  });

  it('shows a change made through the API as drift naming who made it, and apply reverts it', async () => {
    const consoleUser = setup.api({ headers: { 'user-agent': 'flagplane-console/0.1.0' } });
    await consoleUser.flags.update('acme', 'shop', 'release-banner', { temporary: false });
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.changes).toEqual(['update flagplane_flag.release']);
    const warning = plan.diagnostics.find((diagnostic) => diagnostic.severity === 'warning');
    expect(warning?.summary).toBe('Flag "release-banner" of project "shop" was changed outside Terraform');
    expect(warning?.detail).toMatch(
      /^Last change: updateFlag by Olive Owner <owner@acme\.test> \(user\) at \S+ with flagplane-console\/0\.1\.0 changing temporary\./,
    );
    const drift = plan.messages
      .filter((message) => message.type === 'resource_drift')
      .map((message) => (message.change as { resource: { addr: string } }).resource.addr);
    expect(drift).toEqual(['flagplane_flag.release']);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect(await temporaryOf('release-banner')).toBe(true);
    expect((await main.run(['plan', '-json', '-input=false', '-detailed-exitcode'])).code).toBe(0);
  });

  it('changes it in place when the configuration does, both ways', async () => {
    main.write(project + flags('  temporary = false'));
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.changes).toEqual(['update flagplane_flag.release']);
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect(await temporaryOf('release-banner')).toBe(false);
    main.write(project + flags('  temporary = true'));
    await main.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect(await temporaryOf('release-banner')).toBe(true);
  });

  it('plans no change for a state written before the attribute existed, and warns of no drift', async () => {
    const statePath = path.join(main.directory, 'terraform.tfstate');
    const state = JSON.parse(readFileSync(statePath, 'utf8'));
    for (const resource of state.resources) {
      if (resource.type !== 'flagplane_flag') continue;
      for (const instance of resource.instances) delete instance.attributes.temporary;
    }
    state.serial += 1;
    writeFileSync(statePath, JSON.stringify(state, null, 2));
    const plan = await main.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(0);
    expect(plan.diagnostics).toEqual([]);
  });

  it('imports it, with `terraform import` and with an import block, and the data source reads it', async () => {
    const imported = new TerraformDirectory(setup.installation, 'imported', setup.environment);
    imported.write(`${project}${flags('  temporary = true')}
import {
  to = flagplane_flag.kill
  id = "shop/kill-switch"
}

data "flagplane_flag" "release" {
  project    = "shop"
  key        = "release-banner"
  depends_on = [flagplane_flag.release]
}

output "release_temporary" {
  value = data.flagplane_flag.release.temporary
}
`);
    await imported.succeed(['init', '-input=false']);
    await imported.succeed(['import', '-input=false', 'flagplane_project.shop', 'shop']);
    await imported.succeed(['import', '-input=false', 'flagplane_flag.release', 'shop/release-banner']);
    expect((await stateOf(imported, 'flagplane_flag.release')).temporary).toBe(true);
    const plan = await imported.succeed(['plan', '-json', '-input=false']);
    const planned = plan.messages
      .filter((message) => message.type === 'planned_change')
      .map((message) => message.change as { action: string; resource: { addr: string } })
      .map((change) => `${change.action} ${change.resource.addr}`);
    // Imported as they are: nothing to change, the import block's flag included.
    expect(planned).toEqual(['import flagplane_flag.kill']);
    await imported.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    expect((await stateOf(imported, 'flagplane_flag.kill')).temporary).toBe(false);
    const output = await imported.succeed(['output', '-json', 'release_temporary']);
    expect(JSON.parse(output.stdout)).toBe(true);
  });

  it('refuses a value that is not a boolean at validate, on its line', async () => {
    const invalid = new TerraformDirectory(setup.installation, 'invalid', setup.environment);
    invalid.write(project + flags('  temporary = "sometimes"'));
    await invalid.succeed(['init', '-input=false']);
    const validate = await invalid.run(['validate', '-json']);
    expect(JSON.parse(validate.stdout).valid).toBe(false);
    const [problem] = JSON.parse(validate.stdout).diagnostics as {
      detail: string;
      snippet: { code: string };
    }[];
    expect(problem?.snippet.code).toContain('temporary = "sometimes"');
  });
});
