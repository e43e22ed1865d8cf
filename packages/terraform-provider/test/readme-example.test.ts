/** The README's example, as it stands there, applied by Terraform against a real server. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServerAndProvider } from './support/setup.js';
import { TerraformDirectory } from './support/terraform-project.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The HCL block that declares resources: the example of "Use". */
const example = [...readme.matchAll(/```hcl\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .find((block) => block.includes('resource "flagplane_project"'));

const setup = useServerAndProvider();

describe.skipIf(!setup.available)('the README example', () => {
  it('applies, plans nothing more, and destroys as the README says', async () => {
    expect(example, 'the README has an hcl block declaring a flagplane_project').toBeDefined();
    const directory = new TerraformDirectory(setup.installation, 'readme', setup.environment);
    directory.write(example ?? '');
    await directory.succeed(['init', '-input=false']);
    await directory.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    const client = setup.api();
    const flag = await client.flags.retrieve('acme', 'web', 'banner-text');
    expect(flag.managedBy?.source).toBe('terraform:infra-repo');
    const output = await directory.succeed(['output', '-json', 'environments']);
    expect(JSON.parse(output.stdout)).toEqual(['development', 'production', 'staging']);

    const again = await directory.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(again.code).toBe(0);

    await directory.succeed(['destroy', '-auto-approve', '-json', '-input=false']);
    expect((await client.flags.retrieve('acme', 'web', 'new-checkout')).isArchived).toBe(true);
    expect((await client.projects.retrieve('acme', 'web')).key).toBe('web');
  });
});
