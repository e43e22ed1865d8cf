/**
 * Code ownership reaches every environment an apply reconciles (§20), in a real browser: a flags.yaml that
 * declares a flag only in production, applied by the real `flagplane` CLI, leaves its development
 * configuration to the file too (an unlisted environment is reconciled to disabled). The console must
 * mark development as managed and ask before switching it, and the next plan must show the switch as
 * drift the file reverts: the question is true.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { screenshot, signIn } from './support/console-page.js';
import { org, tokens } from './support/console-server.js';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const project = 'payments';
const flag = 'kill-switch';

const flagsYaml = `organization: ${org}
projects:
  - key: ${project}
    name: Payments
    environments:
      - key: development
      - key: production
    flags:
      - key: ${flag}
        type: Boolean
        name: Kill switch
        environments:
          production:
            enabled: true
`;

/** Runs the CLI as a person would, from the repository root; resolves with its exit code and output. */
async function flagplane(baseUrl: string, args: readonly string[]) {
  try {
    const { stdout } = await promisify(execFile)('npx', ['flagplane', ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, FLAGPLANE_TOKEN: tokens.owner, FLAGPLANE_BASE_URL: baseUrl, NO_COLOR: '1' },
      timeout: 60_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

browserSuite('code ownership of environments a file leaves out', () => {
  const browser = useConsoleBrowser(async () => {});
  let directory = '';
  let file = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'flagplane-ownership-'));
    file = join(directory, 'flags.yaml');
    await writeFile(file, flagsYaml);
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('marks and guards the environment the file leaves out, and the next plan reverts the switch', async () => {
    const baseUrl = browser.server.baseUrl;
    const applied = await flagplane(baseUrl, ['apply', '-f', file, '--yes']);
    expect(applied.code, applied.stdout).toBe(0);
    const declared = await browser.server.owner.flags.retrieve(org, project, flag);
    expect(declared.managedBy?.environments).toEqual(['development', 'production']);
    const source = declared.managedBy?.source ?? '';
    expect(source).toMatch(/^file:.*flags\.yaml$/);

    const page = await browser.open();
    await signIn(page, baseUrl, tokens.owner, `/console/orgs/${org}/projects/${project}`);
    const development = page.getByRole('switch', { name: `${flag} in development` });
    await development.waitFor();

    // The flag's page marks both configurations as declared, not only the one the file spells out.
    await page.goto(`${baseUrl}/console/orgs/${org}/projects/${project}/flags/${flag}`);
    for (const environment of ['development', 'production']) {
      const card = page.getByRole('region', { name: new RegExp(`^${environment}`, 'i') });
      await card.locator('.badge.managed').waitFor();
      expect(await card.locator('.badge.managed').getAttribute('title')).toBe(`Declared by ${source}`);
    }
    await screenshot(page, 'ownership-left-out-environment');
    await page.goto(`${baseUrl}/console/orgs/${org}/projects/${project}`);
    await development.waitFor();

    // Cancel: nothing changes.
    await development.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(`managed by ${source}`);
    expect(await dialog.textContent()).toContain('will revert this change');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const isEnabled = async () =>
      (await browser.server.owner.flagEnvironments.retrieve(org, project, flag, 'development')).isEnabled;
    expect(await isEnabled()).toBe(false);

    // Switched anyway: the next plan shows it as drift the file reverts, which is what the question said.
    await development.click();
    await dialog.getByRole('button', { name: 'Change anyway' }).click();
    await expect.poll(isEnabled).toBe(true);
    const plan = await flagplane(baseUrl, ['plan', '-f', file]);
    expect(plan.code, plan.stdout).toBe(2);
    expect(plan.stdout).toMatch(
      new RegExp(`configuration ${flag}@development update[\\s\\S]*enabled: true → false`),
    );
  }, 120_000);
});
