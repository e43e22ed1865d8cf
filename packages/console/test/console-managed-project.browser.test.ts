/**
 * A project managed by code (§20) in a real browser against a real server: the console says so at the
 * top of its pages and asks, naming the source, before changing what the source declares in it (deleting
 * a segment, editing an environment), and changes nothing when the question is cancelled; in a project
 * nobody manages, the same changes ask nothing of the kind. Each outcome is read back through the API.
 */
import { NotFoundError } from '@flagplane/sdk';
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { createProject, environments, org, project, tokens } from './support/console-server.js';

const managedProject = 'web';
const source = 'file:flags/web.yaml';
const managedSegment = 'beta-users';
const unmanagedSegment = 'beta-testers';

browserSuite('a project managed by code, in headless Chromium', () => {
  const browser = useConsoleBrowser(async (server) => {
    await server.owner.projects.create(org, {
      key: managedProject,
      name: 'Web',
      environments: environments.map((key) => ({ key })),
      managedBy: { source },
    });
    await server.owner.segments.create(org, managedProject, { key: managedSegment, included: ['user-1'] });
    await createProject(server.owner);
    await server.owner.segments.create(org, project, { key: unmanagedSegment, included: ['user-2'] });
  });

  const pathOf = (projectKey: string, page: string) => `/console/orgs/${org}/projects/${projectKey}/${page}`;
  const segmentExists = async (projectKey: string, segment: string) =>
    browser.server.owner.segments.retrieve(org, projectKey, segment).then(
      () => true,
      (error: unknown) => {
        if (error instanceof NotFoundError) return false;
        throw error;
      },
    );
  const environmentName = async (projectKey: string, environment: string) =>
    (await browser.server.owner.environments.retrieve(org, projectKey, environment)).name;

  it('asks before deleting a segment, naming the source, and keeps it when cancelled', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, pathOf(managedProject, 'segments'));
    await page.getByText(`This project is managed by ${source}`).waitFor();
    const remove = page.getByRole('button', { name: `Delete segment ${managedSegment}` });
    await remove.click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`managed by ${source}`);
    expect(await dialog.textContent()).toContain('will revert this change');
    // Deleting is for good: its button says so in red, not in the colour of an ordinary change.
    expect(await dialog.getByRole('button', { name: 'Delete segment' }).getAttribute('class')).toBe('danger');
    await expectNoSeriousAccessibilityViolations(page, 'segments of a managed project, asking');
    await screenshot(page, 'managed-project-segment-delete');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await segmentExists(managedProject, managedSegment)).toBe(true);
    // The focus is back where the question came from.
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('asks before saving an environment, and saves it on "Change anyway"', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, pathOf(managedProject, 'environments'));
    await page.getByText(`This project is managed by ${source}`).waitFor();
    await page.getByRole('button', { name: 'Edit environment staging' }).click();
    await page.getByLabel('Name').fill('Staging (web)');
    await page.getByRole('button', { name: 'Save environment' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`managed by ${source}`);
    expect(await dialog.textContent()).toContain('will revert this change');
    expect(await environmentName(managedProject, 'staging')).toBe('staging'); // nothing sent yet
    await dialog.getByRole('button', { name: 'Change anyway' }).click();
    await page.getByRole('status').getByText('Environment staging saved.').waitFor();
    expect(await environmentName(managedProject, 'staging')).toBe('Staging (web)');
  });

  it('asks before creating an SDK key, and creates none when cancelled, keeping what was typed', async () => {
    const page = await browser.open();
    await signIn(
      page,
      browser.server.baseUrl,
      tokens.owner,
      pathOf(managedProject, 'environments/production/sdk-keys'),
    );
    await page.getByText(`This project is managed by ${source}`).waitFor();
    await page.getByRole('button', { name: 'New SDK key' }).click();
    await page.getByLabel('Name').fill('web-server');
    await page.getByRole('button', { name: 'Create SDK key' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`managed by ${source}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByLabel('Name').inputValue()).toBe('web-server');
    const keys = await browser.server.owner.sdkKeys.list(org, managedProject, 'production');
    expect(keys.items).toEqual([]);
  });

  it('asks nothing of the kind in a project nobody manages', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, pathOf(project, 'environments'));
    await page.getByRole('button', { name: 'Edit environment staging' }).click();
    await page.getByLabel('Name').fill('Staging (shop)');
    await page.getByRole('button', { name: 'Save environment' }).click();
    await page.getByRole('status').getByText('Environment staging saved.').waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    expect(await environmentName(project, 'staging')).toBe('Staging (shop)');
    expect(await page.getByText('This project is managed by').count()).toBe(0);

    // Deleting still asks whether to delete, but says nothing about code.
    await page.getByRole('link', { name: 'Segments', exact: true }).click();
    await page.getByRole('button', { name: `Delete segment ${unmanagedSegment}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).not.toContain('managed by');
    await dialog.getByRole('button', { name: 'Delete segment' }).click();
    await page.getByRole('status').getByText(`Segment ${unmanagedSegment} deleted.`).waitFor();
    expect(await segmentExists(project, unmanagedSegment)).toBe(false);
  });
});
