/** The README's example, as it stands there, applied by Terraform against a real server. */
import { readFileSync } from 'node:fs';
import { createClient } from '@flagplane/sdk';
import { terraformAvailable } from '@flagplane/test-support/terraform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, type RunningServer, startServer } from './support/flagplane-server.js';
import { installProvider, TerraformDirectory } from './support/terraform-project.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The HCL block that declares resources: the example of "Use". */
const example = [...readme.matchAll(/```hcl\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .find((block) => block.includes('resource "flagplane_project"'));

const available = terraformAvailable();
let server: RunningServer;

beforeAll(async () => {
  if (available) server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe.skipIf(!available)('the README example', () => {
  it('applies, plans nothing more, and destroys as the README says', async () => {
    expect(example, 'the README has an hcl block declaring a flagplane_project').toBeDefined();
    const installation = await installProvider();
    const directory = new TerraformDirectory(installation, 'readme', {
      FLAGPLANE_BASE_URL: server.baseUrl,
      FLAGPLANE_ORG: 'acme',
      FLAGPLANE_TOKEN: ownerToken,
    });
    directory.write(example ?? '');
    await directory.succeed(['init', '-input=false']);
    await directory.succeed(['apply', '-auto-approve', '-json', '-input=false']);
    const client = createClient({ baseUrl: server.baseUrl, token: ownerToken });
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
