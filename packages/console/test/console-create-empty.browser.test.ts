/**
 * The empty states of creation, in a real browser against a real server: an organization without
 * projects (a Viewer's disabled buttons and their reason; an Owner's CLI line, copied and run as pasted),
 * and a project without flags (a Viewer's disabled New flag; "No flags yet" only without filters, its
 * CLI line creating a flag as pasted).
 *
 * The organization starts with no project, so the first two tests see it empty; every later test makes
 * the projects it needs.
 */
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { org, tokens } from './support/console-server.js';
import { orgPath, projectPathOf, runAsPasted, viewerReason } from './support/create-flow.js';

browserSuite('empty organizations and projects in headless Chromium', () => {
  const browser = useConsoleBrowser(async () => {
    // Nothing: the organization starts empty.
  });
  const owner = () => browser.server.owner;

  it('shows a Viewer an empty organization, and New project disabled with the reason', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.viewer, orgPath);
    await page.getByText('No projects yet.').waitFor();
    for (const name of ['New project', 'Create the first project']) {
      const button = page.getByRole('button', { name: new RegExp(`^${name}`) });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('title')).toBe(viewerReason);
      // The reason is in the name too: a disabled button gets no focus, so its tooltip is never read.
      expect(await button.textContent()).toContain(viewerReason);
    }
    await page.getByText(`You cannot create projects here: ${viewerReason}`).waitFor();
    await expectNoSeriousAccessibilityViolations(page, 'empty organization (Viewer)');
  });

  it('tells an Owner of an empty organization what to do, and its CLI line creates the project as pasted', async () => {
    const page = await browser.open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: browser.server.baseUrl,
    });
    await signIn(page, browser.server.baseUrl, tokens.owner, orgPath);
    await page.getByText('No projects yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Create the first project' }).isEnabled()).toBe(true);
    const line = (await page.locator('.command-text').textContent()) ?? '';
    expect(line).toBe(
      `FLAGPLANE_BASE_URL=${browser.server.baseUrl} FLAGPLANE_SPEC='{"organization":"${org}","project":{"key":"web"}}' npx flagplane resource ensure --kind project`,
    );
    expect(line).not.toContain(tokens.owner); // the token stays in the person's environment
    await page.getByRole('button', { name: 'Copy the CLI command that creates project web' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    await screenshot(page, 'empty-organization');
    await expectNoSeriousAccessibilityViolations(page, 'empty organization (Owner)');

    await runAsPasted(line);
    const created = await owner().projects.retrieve(org, 'web');
    expect(created).toMatchObject({ key: 'web', name: 'web', managedBy: null });
    const environments = await owner().environments.list(org, 'web');
    expect(environments.items.map((environment) => [environment.key, environment.color])).toEqual([
      ['development', '#22c55e'],
      ['production', '#ef4444'],
    ]);
    await page.reload();
    await page.getByRole('link', { name: 'web' }).waitFor();
    expect(await page.getByText('No projects yet.').count()).toBe(0);
  });
  it('shows a Viewer New flag disabled with the reason, in an empty project and a full one', async () => {
    await owner().projects.create(org, { key: 'viewed', environments: [{ key: 'production' }] });
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.viewer, projectPathOf('viewed'));
    await page.getByText('No flags yet.').waitFor();
    for (const name of ['New flag', 'Create the first flag']) {
      const button = page.getByRole('button', { name: new RegExp(`^${name}`) });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('title')).toBe(viewerReason);
    }
    await page.getByText(`you cannot create flags: ${viewerReason}`).waitFor();
    await expectNoSeriousAccessibilityViolations(page, 'empty flag list (Viewer)');

    await owner().flags.create(org, 'viewed', { key: 'seen', type: 'Boolean' });
    await page.reload();
    await page.getByRole('switch', { name: 'seen in production' }).waitFor();
    expect(await page.getByRole('button', { name: /^New flag/ }).isDisabled()).toBe(true);
  });

  it('says "No flags yet" only when no filter is set, and its CLI line creates a flag as pasted', async () => {
    await owner().projects.create(org, { key: 'filtered', environments: [{ key: 'production' }] });
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPathOf('filtered'));
    await page.getByText('No flags yet.').waitFor();
    expect(await page.getByText('No flag matches these filters.').count()).toBe(0);
    const line = (await page.locator('.command-text').textContent()) ?? '';
    expect(line).toBe(
      `FLAGPLANE_BASE_URL=${browser.server.baseUrl} FLAGPLANE_SPEC='{"organization":"${org}","project":"filtered","flag":{"key":"new-feature","type":"Boolean"}}' npx flagplane resource ensure --kind flag`,
    );
    await screenshot(page, 'empty-flag-list');
    await expectNoSeriousAccessibilityViolations(page, 'empty flag list');

    // A filter set on an empty project: the filters are what matches nothing.
    await page.goto(`${browser.server.baseUrl}${projectPathOf('filtered')}?archived=true`);
    await page.getByText('No flag matches these filters.').waitFor();
    expect(await page.getByText('No flags yet.').count()).toBe(0);

    await runAsPasted(line);
    expect(await owner().flags.retrieve(org, 'filtered', 'new-feature')).toMatchObject({
      type: 'Boolean',
      managedBy: null,
    });
    await page.goto(`${browser.server.baseUrl}${projectPathOf('filtered')}?search=nothing-like-it`);
    await page.getByText('No flag matches these filters.').waitFor();
    expect(await page.getByText('No flags yet.').count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page, 'flag list, filtered to nothing');
    await page.getByRole('link', { name: 'Clear the filters' }).click();
    await page.getByRole('switch', { name: 'new-feature in production' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByText('No flags yet.').count()).toBe(0);
    expect(await page.getByText('No flag matches these filters.').count()).toBe(0);
  });
});
