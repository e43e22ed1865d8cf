/**
 * Nothing is lost or refused late: leaving a page that holds a new SDK key's text or unsaved edits asks
 * first (a link, the browser's back button, reloading the tab), and Cancel keeps the page as it was;
 * archiving asks, saying what it does; a variation the server would refuse to delete is not offered.
 * And the console names what it can: SDK keys, variations and segments in the event log, rules in the
 * playground; one date format on every page; the event log's actions as the API's list.
 */
import { endpoints, recordsEvent } from '@flagplane/contract';
import type { Dialog, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, signIn } from './support/console-page.js';
import { createProject, org, project, tokens } from './support/console-server.js';

const projectPath = `/console/orgs/${org}/projects/${project}`;
const sdkKeysPath = `${projectPath}/environments/production/sdk-keys`;
const flagPath = (key: string) => `${projectPath}/flags/${key}`;
/** What the question before archiving says (§8, §21, §23). */
const archiving = (key: string) =>
  `An archived flag is not evaluated: in every environment ${key} is left out of evaluation results and of ` +
  'what SDKs download (OFREP answers that the flag is not found), so applications get the default value ' +
  'their code gives. It leaves the flag list (“Archived flags” in its filters shows it) and, until it is ' +
  'restored, refuses every change but deletion. Restoring it brings it back as it was.';

browserSuite('guards and names in headless Chromium', () => {
  const ids = { festive: '', segment: '', rule: '', sdkKey: '' };
  const browser = useConsoleBrowser(async (server) => {
    const { owner } = server;
    await createProject(owner);
    await owner.environments.update(org, project, 'production', { name: 'Production' });
    for (const key of ['settings-flag', 'archive-me', 'switch']) {
      await owner.flags.create(org, project, { key, type: 'Boolean', name: `Flag ${key}` });
    }
    const banner = await owner.flags.create(org, project, {
      key: 'banner',
      type: 'String',
      name: 'Holiday banner',
      variations: [
        { key: 'plain', value: 'plain' },
        { key: 'festive', value: 'festive' },
        { key: 'unused', value: 'unused' },
      ],
      defaultVariationKey: 'plain',
    });
    ids.festive = banner.variations.find((variation) => variation.key === 'festive')?.id ?? '';
    const segment = await owner.segments.create(org, project, {
      key: 'beta-testers',
      name: 'Beta testers',
      included: ['user-1'],
    });
    ids.segment = segment.id;
    await owner.flagEnvironments.update(org, project, 'banner', 'staging', {
      isEnabled: true,
      strategy: 'TargetedRollout',
      rules: [{ description: 'Germany', variationId: ids.festive, userSegmentId: segment.id }],
    });
    ids.rule = (await owner.flagEnvironments.retrieve(org, project, 'banner', 'staging')).rules[0]?.id ?? '';
    const sdkKey = await owner.sdkKeys.create(org, project, 'staging', {
      name: 'mobile-app',
      type: 'ClientSide',
    });
    ids.sdkKey = sdkKey.id;
    await owner.sdkKeys.revoke(org, project, 'staging', sdkKey.id); // its event carries no name
  });

  const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?' });
  const pathOf = (page: Page) => new URL(page.url()).pathname;

  /** Creates an SDK key through the form and answers its text, shown once. */
  const createKey = async (page: Page, name: string) => {
    await page.getByRole('button', { name: 'New SDK key' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create SDK key' }).click();
    const secret = page.locator('.secret');
    await secret.waitFor();
    return (await secret.textContent()) ?? '';
  };

  it('asks before a link leaves a new SDK key unseen: Cancel keeps it, Leave leaves', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, sdkKeysPath);
    const key = await createKey(page, 'web-frontend');
    expect(key).toMatch(/^fp_srv_/);
    // The breadcrumbs name things: the organization and the environment by their names.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await crumbs.getByRole('link', { name: 'Acme Inc' }).waitFor();
    await crumbs.getByText('Production').waitFor();
    // The warning says "shown once" once, hidden text (a disabled button's reason) included.
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text.match(/shown once/g)).toHaveLength(1);

    await crumbs.getByRole('link', { name: 'Environments' }).click();
    const dialog = leaveDialog(page);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('the text of the new SDK key web-frontend');
    await expectNoSeriousAccessibilityViolations(page, 'leave question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(sdkKeysPath);
    expect(await page.locator('.secret').textContent()).toBe(key);

    // Another way out, the project's tabs: asked again; leaving goes where the link said.
    await page.getByRole('link', { name: 'Flags', exact: true }).click();
    await leaveDialog(page).getByRole('button', { name: 'Leave and discard' }).click();
    await expect.poll(() => pathOf(page)).toBe(projectPath);
    await page.getByRole('switch', { name: 'banner in production' }).waitFor();
    expect(await page.content()).not.toContain(key);
  });

  it('asks on the browser back button too, and Cancel keeps the page and its place in the history', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/environments`);
    await page.getByRole('link', { name: 'SDK keys of production' }).click();
    await expect.poll(() => pathOf(page)).toBe(sdkKeysPath);
    const key = await createKey(page, 'backend');
    const historyLength = await page.evaluate(() => history.length);

    await page.evaluate(() => history.back());
    await leaveDialog(page).waitFor();
    // Back on the key's page while the question is asked: the address says where the person is.
    await expect.poll(() => pathOf(page)).toBe(sdkKeysPath);
    await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(pathOf(page)).toBe(sdkKeysPath);
    expect(await page.locator('.secret').textContent()).toBe(key);
    expect(await page.evaluate(() => history.length)).toBe(historyLength); // nothing pushed, nothing lost

    await page.evaluate(() => history.back());
    await leaveDialog(page).getByRole('button', { name: 'Leave and discard' }).click();
    await expect.poll(() => pathOf(page)).toBe(`${projectPath}/environments`);
    await page.getByRole('link', { name: 'SDK keys of production' }).waitFor();
    expect(await page.content()).not.toContain(key);
  });

  it('does not ask once the key is hidden', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, sdkKeysPath);
    await createKey(page, 'hidden-then-left');
    await page.getByRole('button', { name: 'Hide the key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide the key' }).click();
    await page.getByRole('link', { name: 'Flags', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(projectPath);
    expect(await leaveDialog(page).count()).toBe(0);
  });

  it("asks before leaving a flag's unsaved settings; unchanged or cancelled, it does not", async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('settings-flag'));
    await page.getByRole('button', { name: 'Edit settings' }).click();
    const name = page.getByRole('form', { name: 'Flag settings' }).getByLabel('Name');
    // Typed and typed back: no edit.
    await name.fill('Changed');
    await name.fill('Flag settings-flag');
    await page.getByRole('link', { name: 'Segments' }).click();
    await expect.poll(() => pathOf(page)).toBe(`${projectPath}/segments`);

    await page.goBack();
    await page.getByRole('button', { name: 'Edit settings' }).click();
    await page.getByRole('form', { name: 'Flag settings' }).getByLabel('Name').fill('Changed');
    await page.getByRole('link', { name: 'Segments' }).click();
    const dialog = leaveDialog(page);
    expect(await dialog.textContent()).toContain('your unsaved changes to the settings of settings-flag');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(pathOf(page)).toBe(flagPath('settings-flag'));
    expect(await page.getByRole('form', { name: 'Flag settings' }).getByLabel('Name').inputValue()).toBe(
      'Changed',
    );
    // The form's own Cancel discards on purpose: then nothing is left to ask about.
    await page.getByRole('form', { name: 'Flag settings' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Segments' }).click();
    await expect.poll(() => pathOf(page)).toBe(`${projectPath}/segments`);
    expect((await browser.server.owner.flags.retrieve(org, project, 'settings-flag')).name).toBe(
      'Flag settings-flag',
    );
  });

  it('lets the browser ask before a reload only while something would be lost', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('settings-flag'));
    const dialogs: string[] = [];
    const answer = { accept: false };
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void (answer.accept ? dialog.accept() : dialog.dismiss());
    });
    // Nothing edited: the tab reloads without a question.
    await page.getByRole('button', { name: 'Edit settings' }).waitFor(); // its page's script is in
    await page.reload();
    await page.getByRole('button', { name: 'Edit settings' }).click();
    expect(dialogs).toEqual([]);

    await page.getByRole('form', { name: 'Flag settings' }).getByLabel('Description').fill('typed');
    // A reload the person cancels in the browser's question: the page and what was typed stay.
    // (Playwright's reload waits for a load that the answer stopped: it ends at its timeout.)
    await page.reload({ timeout: 2000 }).catch(() => undefined);
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(
      await page.getByRole('form', { name: 'Flag settings' }).getByLabel('Description').inputValue(),
    ).toBe('typed');
    // Answered "leave": the tab reloads, the form is gone.
    answer.accept = true;
    await page.reload();
    expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
    await page.getByRole('button', { name: 'Edit settings' }).waitFor();
  });

  it('asks before archiving, saying what archiving does; Cancel archives nothing', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('archive-me'));
    await page.getByRole('button', { name: 'Archive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive the flag archive-me?' });
    await dialog.waitFor();
    expect((await dialog.locator('p').textContent())?.trim()).toBe(archiving('archive-me'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await browser.server.owner.flags.retrieve(org, project, 'archive-me')).isArchived).toBe(false);

    await page.getByRole('button', { name: 'Archive' }).click();
    await dialog.getByRole('button', { name: 'Archive the flag' }).click();
    await page.getByText('Archived archive-me.').waitFor();
    expect((await browser.server.owner.flags.retrieve(org, project, 'archive-me')).isArchived).toBe(true);
  });

  it('does not offer to delete a variation the server would refuse, says why, and keeps the focus after a deletion', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('switch'));
    const table = page.getByRole('table', { name: 'Variations of switch' });
    const deleteButtons = table.getByRole('button', { name: /^Delete/ });
    await expect.poll(() => deleteButtons.count()).toBe(2);
    for (const button of await deleteButtons.all()) {
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('title')).toContain('Boolean flags keep both of their variations.');
      expect(await button.textContent()).toContain('Boolean flags keep both of their variations.');
    }

    await page.goto(`${browser.server.baseUrl}${flagPath('banner')}`);
    const banner = page.getByRole('table', { name: 'Variations of banner' });
    const deleteOf = (key: string) =>
      banner.getByRole('button', { name: new RegExp(`^Delete variation ${key}\\b`) });
    await expect
      .poll(() => deleteOf('plain').getAttribute('title'))
      .toBe('It is the default variation in development, staging, production.');
    expect(await deleteOf('festive').getAttribute('title')).toBe('Targeting rules serve it in staging.');
    expect(await deleteOf('unused').isDisabled()).toBe(false);
    await deleteOf('unused').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the variation' }).click();
    await page.getByText('Deleted the variation unused.').waitFor();
    const flag = await browser.server.owner.flags.retrieve(org, project, 'banner');
    expect(flag.variations.map((variation) => variation.key)).toEqual(['plain', 'festive']);
    // Its Delete button went with it: the focus is on Add variation, not thrown to the document's top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('add-variation-button');
    await expect.poll(() => deleteOf('unused').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('add-variation-button');
  });

  it('names SDK keys, variations and segments in the event log, where the events carry their ids', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/events?resourceKind=SdkKey`);
    const revoked = page.getByRole('row', { name: /revokeSdkKey/ });
    await revoked.waitFor();
    expect(await revoked.textContent()).toContain('mobile-app');
    expect(await revoked.textContent()).not.toContain(ids.sdkKey.slice(0, 8));

    await page.goto(
      `${browser.server.baseUrl}${projectPath}/events?action=updateFlagEnvironment&flag=banner`,
    );
    const change = page.getByRole('row', { name: /updateFlagEnvironment/ }).first();
    await change.waitFor();
    await change.getByText(/changed values/).click(); // the details
    const details = (await change.textContent()) ?? '';
    expect(details).toContain('festive');
    expect(details).toContain('Beta testers');
    for (const id of [ids.festive, ids.segment]) expect(details).not.toContain(id.slice(0, 8));
  });

  it('says which rule served a context in the playground by its description', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/playground`);
    await page.getByLabel('Environment').selectOption('staging');
    await page.getByLabel('Context key (targeting key, optional)').fill('user-1');
    await page.getByRole('button', { name: 'Evaluate' }).click();
    const row = page.getByRole('row', { name: /banner/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('rule 1: Germany');
    expect(await row.textContent()).not.toContain(ids.rule.slice(0, 8));
  });

  it("links an API error to the playground's field it is about, wherever the field is", async () => {
    // Refused by the SDK's check of the body or by the server: either way a field error.
    const page = await browser.open([{ status: 400, urlIncludes: '/evaluate' }]);
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/playground`);
    await page.getByLabel('Context key (targeting key, optional)').fill('k'.repeat(300));
    await page.getByRole('button', { name: 'Evaluate' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).not.toMatch(/below|above/);
    await alert.getByRole('link', { name: 'Context key (targeting key, optional)' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('playground-context-key');
  });

  it('shows every date-time in one form, the exact instant in its title', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/events`);
    const times: { text: string; dateTime: string; title: string }[] = [];
    const collect = async () => {
      const found = await page.locator('main time').evaluateAll((elements) =>
        elements.map((element) => ({
          text: element.textContent ?? '',
          dateTime: element.getAttribute('datetime') ?? '',
          title: element.getAttribute('title') ?? '',
        })),
      );
      expect(found.length).toBeGreaterThan(0);
      times.push(...found);
    };
    await page.locator('main time').first().waitFor();
    await collect();
    await page.goto(`${browser.server.baseUrl}${projectPath}/environments/staging/sdk-keys`);
    await page.locator('main time').first().waitFor();
    await collect();
    await page.goto(`${browser.server.baseUrl}${projectPath}/segments`);
    await page.locator('main time').first().waitFor();
    await collect();
    for (const time of times) {
      const instant = new Date(time.dateTime);
      const expected = `${instant.toISOString().slice(0, 10)} ${instant.toISOString().slice(11, 16)} UTC`;
      expect(time.text).toBe(expected);
      expect(time.title.startsWith(time.dateTime)).toBe(true);
    }
  });

  it("offers the event log's actions as the API's list, and says so of one that is not", async () => {
    const writes = Object.entries(endpoints)
      .filter(([, endpoint]) => recordsEvent(endpoint))
      .map(([operation]) => operation)
      .sort();
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/events?action=toggleFlg`);
    const select = page.getByLabel('Action');
    await page.getByText('No action is called “toggleFlg”').waitFor();
    const options = await select
      .locator('option')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
    expect(options).toEqual(['', ...writes, 'toggleFlg']);
    expect(options).not.toContain('evaluateFlags'); // a read: no event
    expect(options).not.toContain('evaluateForSdk'); // an SDK key's: no event
    await page.getByRole('button', { name: 'toggleFlag' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('toggleFlag');
    await expectNoSeriousAccessibilityViolations(page, 'event log filtered by action');
  });

  it('lists the organizations without bullets, each with its projects', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner);
    const organizations = page.getByRole('list', { name: 'Organizations' });
    await organizations.waitFor();
    expect(await organizations.evaluate((element) => getComputedStyle(element).listStyleType)).toBe('none');
    const projects = page.getByRole('list', { name: 'Projects of Acme Inc' });
    await projects.getByRole('link', { name: 'Shop' }).click();
    await expect.poll(() => pathOf(page)).toBe(projectPath);
  });

  it('starts an added rule valid: it saves as it is, matching every context', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('banner'));
    await page.getByRole('button', { name: 'Edit the production configuration' }).click();
    const form = page.getByRole('form', { name: 'The production configuration' });
    await form.getByRole('button', { name: 'Add a rule' }).click();
    await form.getByRole('button', { name: 'Save the production configuration' }).click();
    await page.getByText('Saved the production configuration.').waitFor();
    const production = await browser.server.owner.flagEnvironments.retrieve(
      org,
      project,
      'banner',
      'production',
    );
    expect(production.rules).toHaveLength(1);
    expect(production.rules[0]?.conditionGroups ?? []).toEqual([]);
  });
});
