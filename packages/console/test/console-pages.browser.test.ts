/**
 * The console's other pages in a real browser against a real server: editing a targeting rule (read back
 * through the API), an SDK key shown once, the playground's answer, and every page (an empty project's
 * and a filtered list's empty states included) and every creation form checked by axe-core (no serious or
 * critical violation) with a screenshot kept in test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { createFlags, createProject, org, project, tokens } from './support/console-server.js';

const ruleFlag = 'flag-0007';
const emptyProject = 'empty';

browserSuite('the console pages in headless Chromium', () => {
  let ruleId = '';
  const browser = useConsoleBrowser(async (server) => {
    await createProject(server.owner);
    await createFlags(server.owner, 20);
    const flag = await server.owner.flags.retrieve(org, project, ruleFlag);
    const served = flag.variations.find((variation) => variation.value === 'true');
    if (!served) throw new Error('a Boolean flag has a "true" variation');
    const rule = await server.owner.rules.create(org, project, ruleFlag, 'staging', {
      description: 'Germany',
      variationId: served.id,
      conditionGroups: [
        { operator: 'And', conditions: [{ attribute: 'country', operator: 'In', values: ['DE'] }] },
      ],
    });
    ruleId = rule.id;
    await server.owner.flagEnvironments.update(org, project, ruleFlag, 'staging', {
      isEnabled: true,
      strategy: 'TargetedRollout', // rules apply only under this strategy (§21)
    });
    await server.owner.segments.create(org, project, {
      key: 'beta-testers',
      name: 'Beta testers',
      included: ['user-1'],
    });
    await server.owner.projects.create(org, { key: emptyProject, name: 'Empty' });
  });

  const projectPath = `/console/orgs/${org}/projects/${project}`;

  it('edits a targeting rule and the API reads back exactly that', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/flags/${ruleFlag}`);
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    const rule = form.getByRole('group', { name: 'Rule 1' });
    await rule.getByLabel('Description').fill('Germany and Austria');
    await rule.getByLabel('Values').fill('DE\nAT');
    await screenshot(page, 'flag-rule-editor');
    await expectNoSeriousAccessibilityViolations(page, 'flag page, editing a configuration');
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    await page.getByText('Saved the staging configuration.').waitFor();

    const staging = await browser.server.owner.flagEnvironments.retrieve(org, project, ruleFlag, 'staging');
    expect(staging.rules).toHaveLength(1);
    expect(staging.rules[0]).toMatchObject({
      id: ruleId, // the rule was changed, not replaced
      description: 'Germany and Austria',
      conditionGroups: [
        {
          operator: 'And',
          conditions: [{ attribute: 'country', operator: 'In', values: ['DE', 'AT'], negate: false }],
        },
      ],
    });
    expect(staging.isEnabled).toBe(true); // saving a rule left the switch as it was
  });

  it('refuses a rule the API refuses, with the message next to its input, and keeps what was typed', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/flags/${ruleFlag}`);
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const rule = page
      .getByRole('form', { name: 'The staging configuration' })
      .getByRole('group', { name: 'Rule 1' });
    await rule.getByLabel('Operator').selectOption('SemverEquals');
    await rule.getByLabel('Values').fill('not-a-version');
    await page.getByRole('button', { name: 'Save the staging configuration' }).click();
    const values = rule.getByLabel('Values');
    await expect.poll(() => values.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await values.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent();
    expect(message).toMatch(/semver|version/i);
    expect(await values.inputValue()).toBe('not-a-version');
    const staging = await browser.server.owner.flagEnvironments.retrieve(org, project, ruleFlag, 'staging');
    expect(staging.rules[0]?.conditionGroups?.[0]?.conditions[0]?.operator).toBe('In');
  });

  it('shows a new SDK key once, and never again', async () => {
    const page = await browser.open();
    await signIn(
      page,
      browser.server.baseUrl,
      tokens.owner,
      `${projectPath}/environments/production/sdk-keys`,
    );
    await page.getByRole('button', { name: 'New SDK key' }).click();
    await page.getByLabel('Name').fill('web-frontend');
    await page.getByRole('button', { name: /create/i }).click();
    const secret = page.locator('.secret');
    await secret.waitFor();
    const key = (await secret.textContent()) ?? '';
    expect(key).toMatch(/^fp_/);
    // Said once, not three times (the warning, the notice and the disabled button's reason).
    expect(((await page.locator('main').textContent()) ?? '').match(/shown once/g)).toHaveLength(1);
    await screenshot(page, 'sdk-key-created');
    await expectNoSeriousAccessibilityViolations(page, 'SDK key shown once');

    const listed = await browser.server.owner.sdkKeys.list(org, project, 'production');
    expect(listed.items.map((item) => item.name)).toContain('web-frontend');
    expect(JSON.stringify(listed.items)).not.toContain(key); // the server keeps no plaintext to show again

    // Hidden (without a copy, so it asks), then the tab reloaded: the text is nowhere.
    await page.getByRole('button', { name: 'Hide the key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide the key' }).click();
    await page.reload();
    await page
      .getByRole('cell', { name: /web-frontend/ })
      .first()
      .waitFor();
    expect(await page.content()).not.toContain(key);
    expect(
      await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })),
    ).not.toContain(key);
  });

  it('evaluates a context in the playground: the rule serves it, the reason says which', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/playground`);
    await page.getByLabel('Environment').selectOption('staging');
    await page.getByLabel('Context key (targeting key, optional)').fill('user-42');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByLabel('Attribute 1 name').fill('country');
    await page.getByLabel('Attribute 1 value').fill('DE');
    await page.getByRole('button', { name: 'Evaluate' }).click();
    const row = page.getByRole('row', { name: new RegExp(ruleFlag) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Rule/);
    const other = page.getByRole('row', { name: /flag-0008/ });
    expect(await other.textContent()).toMatch(/Off/);
    await screenshot(page, 'playground');
    await expectNoSeriousAccessibilityViolations(page, 'playground');
  });

  const pages: readonly [name: string, path: string, ready: (page: Page) => Promise<unknown>][] = [
    ['organizations', '/console', (p) => p.getByRole('link', { name: 'Acme Inc' }).waitFor()],
    ['organization', `/console/orgs/${org}`, (p) => p.getByRole('link', { name: 'Shop' }).waitFor()],
    ['flag-list', projectPath, (p) => p.getByRole('switch', { name: 'flag-0000 in production' }).waitFor()],
    [
      'flag-list-filtered-to-nothing',
      `${projectPath}?search=nothing-like-it`,
      (p) => p.getByText('No flag matches these filters.').waitFor(),
    ],
    [
      'flag-list-empty-project',
      `/console/orgs/${org}/projects/${emptyProject}`,
      (p) => p.getByText('No flags yet.').waitFor(),
    ],
    [
      'flag',
      `${projectPath}/flags/${ruleFlag}`,
      (p) => p.getByRole('button', { name: 'Edit the staging configuration' }).waitFor(),
    ],
    ['segments', `${projectPath}/segments`, (p) => p.getByText('Beta testers').first().waitFor()],
    [
      'environments',
      `${projectPath}/environments`,
      (p) =>
        p
          .getByRole('link', { name: /SDK keys/ })
          .first()
          .waitFor(),
    ],
    [
      'sdk-keys',
      `${projectPath}/environments/production/sdk-keys`,
      (p) => p.getByRole('button', { name: 'New SDK key' }).waitFor(),
    ],
    [
      'organization-events',
      `/console/orgs/${org}/events`,
      (p) => p.locator('table.event-log').getByText('createFlag').first().waitFor(),
    ],
    ['playground', `${projectPath}/playground`, (p) => p.getByRole('button', { name: 'Evaluate' }).waitFor()],
  ];

  it('passes axe-core with the creation forms open: a project, and a flag of each type', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `/console/orgs/${org}`);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.locator('#new-project-key').waitFor();
    await expectNoSeriousAccessibilityViolations(page, 'organization, new project form');
    await screenshot(page, 'new-project-form');

    await page.goto(`${browser.server.baseUrl}${projectPath}`);
    await page.getByRole('button', { name: 'New flag' }).click();
    for (const type of ['Boolean', 'String', 'Number', 'Json']) {
      await page.locator(`#new-flag-type-${type}`).check();
      await expectNoSeriousAccessibilityViolations(page, `flag list, new ${type} flag form`);
    }
    await screenshot(page, 'new-flag-form');
  });

  it('passes axe-core on every page, for an Owner and for a Viewer, without console errors', async () => {
    for (const [who, token] of [
      ['owner', tokens.owner],
      ['viewer', tokens.viewer],
    ] as const) {
      const page = await browser.open();
      await signIn(page, browser.server.baseUrl, token);
      for (const [name, path, ready] of pages) {
        await page.goto(`${browser.server.baseUrl}${path}`);
        await ready(page);
        await expectNoSeriousAccessibilityViolations(page, `${name} (${who})`);
        if (who === 'owner') await screenshot(page, name);
      }
    }
  }, 120_000);
});
