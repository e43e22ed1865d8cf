/**
 * Editing a flag's configuration keeps what it did not change, exactly: the stored order of the rollout
 * weights (evaluation walks it, §21), condition values with commas and spaces (and ones the form cannot
 * show, kept read-only), in the flag editor and the segment editor; prerequisite suggestions come from one
 * debounced search, not the whole project; field messages leave when the rules they pointed at move; a
 * change made by someone else since the form opened is not replaced without asking; an archived flag
 * offers nothing but Restore.
 */
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, signIn } from './support/console-page.js';
import { createFlags, createProject, org, project, tokens } from './support/console-server.js';

const flagPath = (key: string) => `/console/orgs/${org}/projects/${project}/flags/${key}`;

browserSuite('editing a flag in headless Chromium', () => {
  const browser = useConsoleBrowser(async (server) => {
    await createProject(server.owner);
    await createFlags(server.owner, 30);
    await server.owner.flags.create(org, project, {
      key: 'multi',
      type: 'String',
      variations: [
        { key: 'a', value: 'a' },
        { key: 'b', value: 'b' },
        { key: 'c', value: 'c' },
      ],
      defaultVariationKey: 'a',
    });
  });

  /** The ids of the variations of `multi`, by key. */
  const variationIds = async () => {
    const flag = await browser.server.owner.flags.retrieve(org, project, 'multi');
    const idOf = (key: string) => {
      const variation = flag.variations.find((candidate) => candidate.key === key);
      if (!variation) throw new Error(`multi has no variation ${key}`);
      return variation.id;
    };
    return { a: idOf('a'), b: idOf('b'), c: idOf('c') };
  };

  const setup = async (values: string[]) => {
    const { owner } = browser.server;
    const ids = await variationIds();
    const { a, b, c } = ids;
    await owner.flagEnvironments.update(org, project, 'multi', 'staging', {
      strategy: 'TargetedRollout',
      // stored order c, a (b missing): the form must keep it
      percentageRollout: [
        { variationId: c, weight: 30 },
        { variationId: a, weight: 70 },
      ],
      rules: [
        {
          description: 'first',
          variationId: b,
          conditionGroups: [
            { operator: 'And', conditions: [{ attribute: 'company', operator: 'Equals', values }] },
          ],
        },
        { description: 'second', variationId: a, conditionGroups: [] },
      ],
    });
    return ids;
  };

  it('keeps the stored rollout order and the values exactly on an unrelated save', async () => {
    await setup(['Acme, Inc.', ' padded ', 'ünï']);
    const before = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('multi'));
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    const labels = await form.locator('.percentage-rollout label').allTextContents();
    expect(labels).toEqual(['Weight of c (%)', 'Weight of a (%)', 'Weight of b (%)']);
    expect(await form.getByRole('group', { name: 'Rule 1' }).getByLabel('Values').inputValue()).toBe(
      'Acme, Inc.\n padded \nünï',
    );
    await form.getByRole('group', { name: 'Rule 2' }).getByLabel('Description').fill('second, edited');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') requests.push(r.postData() ?? '');
    });
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    await page.getByText('Saved the staging configuration.').waitFor();
    expect(requests[0]).not.toContain('percentageRollout');
    const after = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    expect(after.percentageRollout).toEqual(before.percentageRollout);
    expect(after.rules[0]?.conditionGroups).toEqual(before.rules[0]?.conditionGroups);
    expect(after.rules[1]?.description).toBe('second, edited');
  });

  it('sends changed weights in the stored order', async () => {
    const { a, b, c } = await setup(['x']);
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('multi'));
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    await form.getByLabel('Weight of c (%)').fill('20');
    await form.getByLabel('Weight of b (%)').fill('10');
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    await page.getByText('Saved the staging configuration.').waitFor();
    const after = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    expect(after.percentageRollout).toEqual([
      { variationId: c, weight: 20 },
      { variationId: a, weight: 70 },
      { variationId: b, weight: 10 },
    ]);
  });

  it('keeps a value with a line break read-only and unchanged', async () => {
    await setup(['line one\nline two', 'plain']);
    const before = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('multi'));
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    const values = form.getByRole('group', { name: 'Rule 1' }).getByLabel('Values');
    expect(await values.getAttribute('readonly')).not.toBeNull();
    await page.getByText(/Kept exactly as stored/).waitFor();
    await expectNoSeriousAccessibilityViolations(page, 'kept values');
    await form.getByRole('group', { name: 'Rule 2' }).getByLabel('Description').fill('edited');
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    await page.getByText('Saved the staging configuration.').waitFor();
    const after = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    expect(after.rules[0]?.conditionGroups).toEqual(before.rules[0]?.conditionGroups);
  });

  it('suggests prerequisite keys by what is typed, one debounced search', async () => {
    await setup(['x']);
    const page = await browser.open();
    const lists: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.endsWith(`/projects/${project}/flags`)) lists.push(url.search);
    });
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('multi'));
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    await form.getByRole('button', { name: 'Add a prerequisite' }).click();
    await page.waitForTimeout(400);
    expect(lists).toEqual([]);
    const input = form.getByLabel('Prerequisite 1: flag key');
    await input.pressSequentially('flag-001', { delay: 30 });
    await expect.poll(() => form.locator('datalist option').count()).toBe(10);
    await page.waitForTimeout(400);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toContain('search=flag-001');
    expect(lists[0]).toContain('limit=20');
  });

  it('drops field messages when rules are removed, keeps them on typing', async () => {
    await setup(['x']);
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('multi'));
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    const rule2 = form.getByRole('group', { name: 'Rule 2' });
    await rule2.getByLabel('Rollout percentage').fill('150');
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    await expect.poll(() => rule2.getByLabel('Rollout percentage').getAttribute('aria-invalid')).toBe('true');
    await rule2.getByLabel('Description').fill('typing keeps it');
    expect(await rule2.getByLabel('Rollout percentage').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('group', { name: 'Rule 1' }).getByRole('button', { name: 'Remove rule 1' }).click();
    const now1 = form.getByRole('group', { name: 'Rule 1' });
    await expect.poll(() => now1.getByLabel('Rollout percentage').getAttribute('aria-invalid')).toBe(null);
    expect(await form.locator('.error-box').count()).toBe(0);
  });

  it('asks before replacing a change made since the form opened, and can load it', async () => {
    const { a, c } = await setup(['x']);
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('multi'));
    await page.getByRole('button', { name: 'Edit the staging configuration' }).click();
    const form = page.getByRole('form', { name: 'The staging configuration' });
    await form.getByRole('group', { name: 'Rule 1' }).getByLabel('Description').fill('mine');
    const current = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    await browser.server.owner.flagEnvironments.update(org, project, 'multi', 'staging', {
      defaultVariationId: c,
      rules: [...current.rules.map((r) => ({ ...r })), { description: 'theirs', variationId: a }],
    });
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'The configuration changed since you opened it' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('the default variation and the targeting rules');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/Not saved: the staging configuration changed/).waitFor();
    expect(await form.getByRole('group', { name: 'Rule 1' }).getByLabel('Description').inputValue()).toBe(
      'mine',
    );
    let stored = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    expect(stored.rules).toHaveLength(3);
    await form.getByRole('button', { name: 'Discard my changes and load the current configuration' }).click();
    await form.getByRole('group', { name: 'Rule 3' }).waitFor();
    expect(await form.getByRole('group', { name: 'Rule 1' }).getByLabel('Description').inputValue()).toBe(
      'first',
    );
    // no change since: saves without asking
    await form.getByRole('group', { name: 'Rule 1' }).getByLabel('Description').fill('mine again');
    await form.getByRole('button', { name: 'Save the staging configuration' }).click();
    await page.getByText('Saved the staging configuration.').waitFor();
    stored = await browser.server.owner.flagEnvironments.retrieve(org, project, 'multi', 'staging');
    expect(stored.rules.map((r) => r.description)).toEqual(['mine again', 'second', 'theirs']);
  });

  it('disables every switch and edit button of an archived flag, with the reason', async () => {
    await browser.server.owner.flags.archive(org, project, 'flag-0020');
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, flagPath('flag-0020'));
    const toggle = page.getByRole('switch', { name: /flag-0020 in staging/ });
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('title')).toBe('The flag is archived.');
    for (const name of [
      /Edit the staging configuration/,
      /Edit settings/,
      /Add a variation/,
      /^Edit variation/,
      /^Delete variation/,
    ]) {
      const button = page.getByRole('button', { name }).first();
      await button.waitFor({ timeout: 3000 });
      expect(await button.isDisabled(), String(name)).toBe(true);
      expect(await button.getAttribute('title'), String(name)).toMatch(/archived/);
    }
    expect(await page.getByRole('button', { name: 'Restore' }).isDisabled()).toBe(false);
    expect(await page.locator('p[role="status"]').count()).toBeGreaterThanOrEqual(5);
  });

  it('keeps segment condition values exactly on an unrelated save', async () => {
    const { owner } = browser.server;
    const conditionGroups = [
      {
        operator: 'And' as const,
        conditions: [
          {
            attribute: 'company',
            operator: 'Equals' as const,
            values: ['Acme, Inc.', ' padded '],
            negate: false,
          },
          { attribute: 'note', operator: 'Equals' as const, values: ['two\nlines'], negate: false },
        ],
      },
    ];
    await owner.segments.create(org, project, { key: 'companies', name: 'Companies', conditionGroups });
    const page = await browser.open();
    await signIn(
      page,
      browser.server.baseUrl,
      tokens.owner,
      `/console/orgs/${org}/projects/${project}/segments`,
    );
    await page.getByRole('button', { name: /Edit segment companies/ }).click();
    const values = page.getByLabel('Values');
    expect(await values.first().inputValue()).toBe('Acme, Inc.\n padded ');
    expect(await values.nth(1).getAttribute('readonly')).not.toBeNull();
    await page.getByText(/Kept exactly as stored/).waitFor();
    expect(await page.getByText('Equals takes any text. One value per line.').count()).toBe(1);
    await page.getByLabel('Name').fill('Companies, edited');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect
      .poll(async () => (await owner.segments.retrieve(org, project, 'companies')).name)
      .toBe('Companies, edited');
    const after = await owner.segments.retrieve(org, project, 'companies');
    expect(after.conditionGroups).toEqual(conditionGroups);
  });

  it("drops a segment's field messages when its conditions move, keeps them on typing", async () => {
    await browser.server.owner.segments.create(org, project, { key: 'regions' });
    const page = await browser.open([{ status: 400, urlIncludes: '/segments/' }]);
    await signIn(
      page,
      browser.server.baseUrl,
      tokens.owner,
      `/console/orgs/${org}/projects/${project}/segments`,
    );
    await page.getByRole('button', { name: /Edit segment regions/ }).click();
    await page.getByRole('button', { name: 'Add a condition group' }).click();
    const condition = page.getByRole('group', { name: 'Condition 1' });
    // A new group holds one empty condition, which the contract refuses: an attribute and a value are needed.
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect.poll(() => condition.getByLabel('Attribute').getAttribute('aria-invalid')).toBe('true');
    await condition.getByLabel('Values').fill('DE');
    expect(await condition.getByLabel('Attribute').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Add a condition to group 1' }).click();
    await expect.poll(() => condition.getByLabel('Attribute').getAttribute('aria-invalid')).toBe(null);
    expect(await page.locator('.error-box').count()).toBe(0);
    expect(await condition.getByLabel('Values').inputValue()).toBe('DE');
  });
});
