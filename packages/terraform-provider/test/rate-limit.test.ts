/**
 * Terraform applies up to ten resources at once; against a server whose rate limit that exceeds (3 a second), the
 * provider waits as the server's 429 answers say (the SDK's retries) and the apply succeeds.
 */
import { rmSync } from 'node:fs';
import { terraformAvailable } from '@flagplane/test-support/terraform';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ownerToken, type RunningServer, startServer } from './support/flagplane-server.js';
import { requiredProviders } from './support/setup.js';
import { installProvider, TerraformDirectory } from './support/terraform-project.js';

const available = terraformAvailable();
let server: RunningServer;

beforeAll(async () => {
  // 3 requests a second: Terraform starts ten flag creations at once as soon as the project exists, so
  // some are refused however slowly a loaded machine runs Terraform; 17 creations need six windows.
  if (available) server = await startServer({ rateLimit: { max: 3, windowSeconds: 1 } });
});
afterAll(async () => {
  await server?.close();
});

describe.skipIf(!available)('past the rate limit', () => {
  it('applies sixteen flags at parallelism ten, waiting out the 429s', async () => {
    const installation = await installProvider();
    onTestFinished(() => rmSync(installation.root, { recursive: true, force: true }));
    const directory = new TerraformDirectory(installation, 'rate-limited', {
      FLAGPLANE_BASE_URL: server.baseUrl,
      FLAGPLANE_ORG: 'acme',
      FLAGPLANE_TOKEN: ownerToken,
    });
    directory.write(`${requiredProviders}
provider "flagplane" {}

resource "flagplane_project" "busy" {
  key = "busy"
}

resource "flagplane_flag" "many" {
  count   = 16
  project = flagplane_project.busy.key
  key     = "flag-\${count.index}"
  type    = "Boolean"
}
`);
    await directory.succeed(['init', '-input=false']);
    await directory.succeed(['apply', '-auto-approve', '-json', '-input=false', '-parallelism=10']);
    expect(server.counts().rateLimited).toBeGreaterThan(0);
    const plan = await directory.run(['plan', '-json', '-input=false', '-detailed-exitcode']);
    expect(plan.code).toBe(0);
  });
});
