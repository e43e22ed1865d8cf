/**
 * A flag's `temporary` in the console, in headless Chromium against the real server: marked on the flag
 * page (under its heading and in its settings), set and cleared in the settings form (the change is an
 * event naming who made it), and axe-core finds nothing serious on the page with the mark or with the
 * form open. Choosing it when creating a flag is in console-create.browser.test.ts (the keyboard walk).
 */
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, signIn } from './support/console-page.js';
import { createProject, org, project, tokens } from './support/console-server.js';

const flagPath = (key: string) => `/console/orgs/${org}/projects/${project}/flags/${key}`;
const temporaryBadge = 'temporary (Meant to be removed once it has done its job';

browserSuite('temporary flags in headless Chromium', () => {
  const browser = useConsoleBrowser(async (server) => {
    await createProject(server.owner);
    await server.owner.flags.create(org, project, { key: 'release', type: 'Boolean', temporary: true });
    await server.owner.flags.create(org, project, { key: 'kill-switch', type: 'Boolean' });
  });
  const owner = () => browser.server.owner;
  const settings = () => browser.page.getByRole('region', { name: 'Settings' });
  /** The value the settings list shows for `term`. */
  const listed = (term: string) =>
    settings()
      .locator('dt', { hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');

  it('marks a temporary flag under its heading and in its settings, and no other flag', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.viewer, flagPath('release'));
    const badge = page.locator('.flag-summary .badge', { hasText: 'temporary' });
    await badge.waitFor();
    expect(await badge.textContent()).toContain(temporaryBadge);
    expect(await badge.getAttribute('title')).toMatch(/^Meant to be removed once it has done its job/);
    expect(await listed('Temporary').textContent()).toBe('Yes');
    await expectNoSeriousAccessibilityViolations(page, 'flag page of a temporary flag');

    await page.goto(`${browser.server.baseUrl}${flagPath('kill-switch')}`);
    await listed('Temporary').waitFor();
    expect(await listed('Temporary').textContent()).toBe('No');
    expect(await page.locator('.flag-summary .badge', { hasText: 'temporary' }).count()).toBe(0);
  });

  it('sets and clears it in the settings form; the event says who changed it', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('kill-switch'));
    await page.getByRole('button', { name: 'Edit settings' }).click();
    const form = page.getByRole('form', { name: 'Flag settings' });
    const checkbox = form.getByRole('checkbox', { name: 'Temporary' });
    expect(await checkbox.isChecked()).toBe(false);
    expect(await checkbox.getAttribute('aria-describedby')).toContain('flag-temporary-hint');
    await checkbox.check();
    await expectNoSeriousAccessibilityViolations(page, 'flag settings form');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved the settings.').waitFor();
    expect((await owner().flags.retrieve(org, project, 'kill-switch')).temporary).toBe(true);
    await page.locator('.flag-summary .badge', { hasText: 'temporary' }).waitFor();
    expect(await listed('Temporary').textContent()).toBe('Yes');
    const events = await owner().events.list(org, { flag: 'kill-switch', limit: 1 });
    expect(events.items[0]).toMatchObject({
      action: 'updateFlag',
      actor: { email: 'owner@acme.test' },
      changes: [{ path: 'temporary', before: false, after: true }],
    });

    await page.getByRole('button', { name: 'Edit settings' }).click();
    expect(await form.getByRole('checkbox', { name: 'Temporary' }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: 'Temporary' }).uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved the settings.').waitFor();
    expect((await owner().flags.retrieve(org, project, 'kill-switch')).temporary).toBe(false);
    expect(await page.locator('.flag-summary .badge', { hasText: 'temporary' }).count()).toBe(0);
  });
});
