/**
 * Creating projects and flags in the console, in a real browser against a real server: by keyboard
 * alone, a project and then a flag of every type, each read back through the API exactly as typed; the
 * API's refusals (a key taken, a value that is not JSON, a server-side check) next to the inputs they
 * name, with nothing typed lost; a Viewer's disabled buttons and their reason; a project code manages
 * asking first; the empty states, with and without filters, whose CLI lines are run as pasted; and the
 * first hour on a phone-sized screen: a project, a flag and an SDK key that reads it, every step fitting.
 *
 * The organization starts with no project, so the first two tests see it empty; every later test makes
 * the projects it needs.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FlagType } from '@flagplane/contract';
import { NotFoundError } from '@flagplane/sdk';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { createProject, org, project, tokens } from './support/console-server.js';
import { fits, measureHorizontalOverflow } from './support/horizontal-overflow.js';
import { expectFocusOn, focused, tabTo } from './support/keyboard.js';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const viewerReason = 'Requires role Member; you have Viewer.';
const orgPath = `/console/orgs/${org}`;
const projectPathOf = (key: string) => `${orgPath}/projects/${key}`;

/** Runs a line shown by the console in a shell at the repository root, as a person would paste it. */
async function runAsPasted(command: string): Promise<string> {
  const { stdout } = await promisify(execFile)('sh', ['-c', command], {
    cwd: repositoryRoot,
    env: { ...process.env, FLAGPLANE_TOKEN: tokens.owner },
    timeout: 60_000,
  });
  return stdout;
}

/** The text of the messages the input's aria-describedby names first (its errors, when it has some). */
async function messagesOf(page: Page, inputId: string): Promise<string> {
  const input = page.locator(`[id="${inputId}"]`);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  return (await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()) ?? '';
}

interface VariationTyped {
  readonly key: string;
  readonly name: string;
  /** Typed as it is: a line break is Enter, in a Json value's text box. */
  readonly value: string;
  readonly description: string;
}

interface FlagTyped {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly type: FlagType;
  /** None for a Boolean flag: it has its two fixed ones. */
  readonly variations: readonly VariationTyped[];
  /** The default variation's key, chosen with the arrow keys; the API's choice when absent. */
  readonly defaultKey?: string;
  readonly tags: string;
  readonly clientSideVisible: boolean;
  readonly temporary: boolean;
}

const flagTypes: readonly FlagType[] = ['Boolean', 'String', 'Number', 'Json'];

/**
 * Fills the open new-flag form from its first input to its Create button with the keyboard alone, each
 * Tab landing where it should, and presses Enter.
 */
async function typeNewFlag(page: Page, flag: FlagTyped): Promise<void> {
  await expectFocusOn(page, 'new-flag-key'); // the form took the focus when it opened
  await page.keyboard.type(flag.key);
  await tabTo(page, 'new-flag-name');
  await page.keyboard.type(flag.name);
  await tabTo(page, 'new-flag-description');
  await page.keyboard.type(flag.description);
  await tabTo(page, 'new-flag-type-Boolean'); // the checked choice of the group
  for (let step = 0; step < flagTypes.indexOf(flag.type); step++) await page.keyboard.press('ArrowDown');
  await expectFocusOn(page, `new-flag-type-${flag.type}`);
  for (const [index, variation] of flag.variations.entries()) {
    const row = `Variation ${index + 1}`;
    if (index < 2) {
      await tabTo(page, `${row} › Key`); // the form starts with two rows
    } else {
      await tabTo(page, 'Add a variation');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, `${row} › Key`); // the new row's first input
    }
    await page.keyboard.type(variation.key);
    await tabTo(page, `${row} › Name`);
    await page.keyboard.type(variation.name);
    await tabTo(page, `${row} › Value`);
    await page.keyboard.type(variation.value);
    await tabTo(page, `${row} › Description`);
    await page.keyboard.type(variation.description);
    await tabTo(page, `${row} › Remove variation ${index + 1}`);
  }
  await tabTo(page, 'Default variation', { maxPresses: flag.type === 'Boolean' ? 1 : 2 });
  if (flag.defaultKey !== undefined) {
    const keys =
      flag.type === 'Boolean' ? ['true', 'false'] : flag.variations.map((variation) => variation.key);
    for (let step = 0; step <= keys.indexOf(flag.defaultKey); step++) await page.keyboard.press('ArrowDown');
    expect(await page.locator('#new-flag-defaultVariationKey').inputValue()).toBe(flag.defaultKey);
  }
  await tabTo(page, 'new-flag-tags');
  await page.keyboard.type(flag.tags);
  await tabTo(page, 'Visible to client-side SDK keys');
  if (flag.clientSideVisible) await page.keyboard.press('Space');
  await tabTo(page, 'Temporary');
  if (flag.temporary) await page.keyboard.press('Space');
  await tabTo(page, 'Cancel');
  await tabTo(page, 'Create flag');
  await page.keyboard.press('Enter');
}

browserSuite('creating projects and flags in headless Chromium', () => {
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

  it('creates a project and a flag of every type by keyboard alone, each read back exactly', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, orgPath);
    await page.getByRole('button', { name: 'New project' }).waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'New project', { maxPresses: 30 });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'new-project-key');
    await expectNoSeriousAccessibilityViolations(page, 'new project form');
    await page.keyboard.type('mobile');
    await tabTo(page, 'new-project-name');
    await page.keyboard.type('Mobile app');
    await tabTo(page, 'new-project-description');
    await page.keyboard.type('iOS and Android');
    await tabTo(page, 'new-project-environments');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('development\nstaging\nproduction');
    await tabTo(page, 'Cancel');
    await tabTo(page, 'Create project');
    await page.keyboard.press('Enter');

    // Landed on the new project's flags, the focus on the page's content, saying what happened.
    await expect.poll(() => new URL(page.url()).pathname).toBe(projectPathOf('mobile'));
    await page
      .getByText('Project mobile created, with the environments development, staging, production.')
      .waitFor();
    await expect.poll(async () => (await focused(page)).id).toBe('main');
    expect(await owner().projects.retrieve(org, 'mobile')).toMatchObject({
      key: 'mobile',
      name: 'Mobile app',
      description: 'iOS and Android',
    });
    const environments = await owner().environments.list(org, 'mobile');
    expect(environments.items.map((environment) => environment.key)).toEqual([
      'development',
      'staging',
      'production',
    ]);

    const flags: readonly FlagTyped[] = [
      {
        key: 'dark-mode',
        name: 'Dark mode',
        description: 'The dark theme',
        type: 'Boolean',
        variations: [],
        defaultKey: 'true',
        tags: 'ui, beta',
        clientSideVisible: true,
        temporary: false,
      },
      {
        key: 'banner-text',
        name: 'Banner text',
        description: 'What the home page says',
        type: 'String',
        variations: [
          { key: 'hello', name: 'Hello', value: 'Hello', description: 'The usual' },
          { key: 'welcome', name: 'Welcome back', value: '  Welcome back, friend!  ', description: '' },
          { key: 'unicode', name: 'Ünïcode', value: 'ünïcode-ключ 🚀', description: 'Every script' },
        ],
        defaultKey: 'welcome',
        tags: 'home',
        clientSideVisible: false,
        temporary: true,
      },
      {
        key: 'page-size',
        name: 'Page size',
        description: '',
        type: 'Number',
        variations: [
          { key: 'small', name: 'Small', value: '20', description: '' },
          { key: 'large', name: 'Large', value: '-1.5e2', description: '' },
        ],
        tags: '',
        clientSideVisible: false,
        temporary: false,
      },
      {
        key: 'checkout.limits',
        name: 'Checkout limits',
        description: 'Per-order limits',
        type: 'Json',
        variations: [
          { key: 'strict', name: 'Strict', value: '{\n  "limit": 10\n}', description: '' },
          { key: 'open', name: 'Open', value: '[1, "two", null]', description: 'No limit' },
        ],
        tags: 'checkout',
        clientSideVisible: false,
        temporary: true,
      },
    ];
    for (const [index, flag] of flags.entries()) {
      if (index === 0) {
        await page.getByText('No flags yet.').waitFor();
        await tabTo(page, 'Create the first flag', { maxPresses: 30 });
      } else {
        // Back to the list from the new flag's page, by its Flags tab.
        await tabTo(page, 'Flags', { maxPresses: 30 });
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await focused(page)).id).toBe('main');
        // Enabled once the list says what this principal may do (Tab passes over a disabled button).
        await expect.poll(() => page.getByRole('button', { name: 'New flag' }).isEnabled()).toBe(true);
        await tabTo(page, 'New flag', { maxPresses: 30 });
      }
      await page.keyboard.press('Enter');
      if (flag.type !== 'Boolean') await screenshot(page, `new-flag-form-${flag.type}`);
      await typeNewFlag(page, flag);

      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(`${projectPathOf('mobile')}/flags/${flag.key}`);
      await page.getByText(`Flag ${flag.key} created, off in every environment.`).waitFor();
      await expect.poll(async () => (await focused(page)).id).toBe('main');

      const stored = await owner().flags.retrieve(org, 'mobile', flag.key);
      const variations =
        flag.type === 'Boolean'
          ? [
              { key: 'true', name: 'On', value: 'true', description: null },
              { key: 'false', name: 'Off', value: 'false', description: null },
            ]
          : flag.variations.map((variation) => ({
              ...variation,
              description: variation.description === '' ? null : variation.description,
            }));
      expect(stored).toMatchObject({
        key: flag.key,
        name: flag.name,
        description: flag.description === '' ? null : flag.description,
        type: flag.type,
        tags: flag.tags === '' ? [] : flag.tags.split(', '),
        clientSideVisible: flag.clientSideVisible,
        temporary: flag.temporary,
        isArchived: false,
      });
      expect(
        stored.variations.map(({ key, name, value, description }) => ({ key, name, value, description })),
      ).toEqual(variations);
      const defaultKey = flag.defaultKey ?? (flag.type === 'Boolean' ? 'false' : flag.variations[0]?.key);
      const defaultId = stored.variations.find((variation) => variation.key === defaultKey)?.id;
      const configurations = await owner().flagEnvironments.list(org, 'mobile', flag.key);
      expect(
        configurations.map((configuration) => [configuration.isEnabled, configuration.defaultVariationId]),
      ).toEqual(environments.items.map(() => [false, defaultId]));
    }
  }, 120_000);

  it('keeps what was typed when the API refuses, with each message next to its input', async () => {
    await createProject(owner());
    await owner().flags.create(org, project, { key: 'taken', type: 'Boolean' });
    const page = await browser.open([
      { status: 409, urlIncludes: `/projects/${project}/flags` },
      { status: 409, urlIncludes: `/orgs/${org}/projects` },
      { status: 400, urlIncludes: `/orgs/${org}/projects` },
    ]);
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPathOf(project));
    await page.getByRole('button', { name: 'New flag' }).click();

    // A key taken: 409, said next to the key, with the way to the flag that holds it.
    await page.locator('#new-flag-key').fill('taken');
    await page.locator('#new-flag-name').fill('Taken again');
    await page.getByRole('button', { name: 'Create flag' }).click();
    await expect.poll(() => page.locator('#new-flag-key').getAttribute('aria-invalid')).toBe('true');
    expect(await messagesOf(page, 'new-flag-key')).toBe('A flag with key "taken" already exists.');
    expect(await page.getByRole('link', { name: 'Open flag taken' }).getAttribute('href')).toBe(
      `${projectPathOf(project)}/flags/taken`,
    );
    expect(await page.locator('#new-flag-name').inputValue()).toBe('Taken again');

    // A Json value that is not JSON: said as soon as its input is left, and the save changes nothing.
    await page.locator('#new-flag-key').fill('limits');
    await page.locator('#new-flag-type-Json').check();
    const first = page.getByRole('group', { name: 'Variation 1' });
    const second = page.getByRole('group', { name: 'Variation 2' });
    await first.getByLabel('Key').fill('strict');
    await first.getByLabel('Value').fill('{"limit": 10}');
    await second.getByLabel('Key').fill('broken');
    await second.getByLabel('Value').fill('{"limit": }');
    await second.getByLabel('Description').focus(); // leaves the value
    const secondValue = await second.getByLabel('Value').getAttribute('id');
    if (!secondValue) throw new Error('the value input has an id');
    await expect.poll(() => page.locator(`[id="${secondValue}"]`).getAttribute('aria-invalid')).toBe('true');
    expect(await messagesOf(page, secondValue)).toMatch(/^a Json value is valid JSON text: \S/);
    expect(await first.getByLabel('Value').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'new-flag-refused-json');
    await expectNoSeriousAccessibilityViolations(page, 'new flag form, a refused Json value');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.getByRole('button', { name: 'Create flag' }).click();
    await page.getByText('See the marked field:').waitFor();
    // The error's link to the field moves the focus to the refused value.
    await page.getByRole('link', { name: 'Value', exact: true }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(secondValue);
    // The SDK checked the body against the contract and sent nothing; the message is the field's.
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(await messagesOf(page, secondValue)).toMatch(/^a Json value is valid JSON text: \S/);
    expect(await page.locator('#new-flag-key').inputValue()).toBe('limits');
    expect(await second.getByLabel('Value').inputValue()).toBe('{"limit": }');
    await expect(owner().flags.retrieve(org, project, 'limits')).rejects.toBeInstanceOf(NotFoundError);

    // Switching to Boolean and back loses no row; fixed, the value goes through.
    await page.locator('#new-flag-type-Boolean').check();
    await page.getByRole('cell', { name: 'On', exact: true }).waitFor();
    await page.locator('#new-flag-type-Json').check();
    expect(await second.getByLabel('Key').inputValue()).toBe('broken');
    await second.getByLabel('Value').fill('{"limit": null}');
    await page.getByRole('button', { name: 'Create flag' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${projectPathOf(project)}/flags/limits`);
    await page.getByText('Flag limits created').waitFor(); // the flag's page is drawn: its chunks are in
    const stored = await owner().flags.retrieve(org, project, 'limits');
    expect(stored.variations.map((variation) => variation.value)).toEqual([
      '{"limit": 10}',
      '{"limit": null}',
    ]);

    // A project: a key taken (409), then a check only the server makes (two environments of one key).
    await page.goto(`${browser.server.baseUrl}${orgPath}`);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.locator('#new-project-key').fill(project);
    await page.locator('#new-project-description').fill('A second shop');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.locator('#new-project-key').getAttribute('aria-invalid')).toBe('true');
    expect(await messagesOf(page, 'new-project-key')).toBe(`A project with key "${project}" already exists.`);
    expect(await page.getByRole('link', { name: `Open project ${project}` }).getAttribute('href')).toBe(
      projectPathOf(project),
    );
    await page.locator('#new-project-key').fill('shop-two');
    await page.locator('#new-project-environments').fill('qa\nlive\nqa');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect
      .poll(() => page.locator('#new-project-environments').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await messagesOf(page, 'new-project-environments')).toBe(
      'Environment 3 (qa): duplicate environment key "qa"',
    );
    expect(await page.locator('#new-project-description').inputValue()).toBe('A second shop');
    await expectNoSeriousAccessibilityViolations(page, 'new project form, refused');
    await expect(owner().projects.retrieve(org, 'shop-two')).rejects.toBeInstanceOf(NotFoundError);
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

  it('asks before creating a flag in a project code manages, and creates none when cancelled', async () => {
    const source = 'file:flags/managed.yaml';
    await owner().projects.create(org, {
      key: 'managed',
      environments: [{ key: 'production' }],
      managedBy: { source },
    });
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPathOf('managed'));
    await page.getByRole('button', { name: 'Create the first flag' }).click();
    await page.getByText(`This project is managed by ${source}`).waitFor();
    await page.locator('#new-flag-key').fill('by-hand');
    await page.getByRole('button', { name: 'Create flag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`unless ${source} declares this flag too`);
    await expectNoSeriousAccessibilityViolations(page, 'new flag in a managed project, asking');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.locator('#new-flag-key').inputValue()).toBe('by-hand');
    await expect(owner().flags.retrieve(org, 'managed', 'by-hand')).rejects.toBeInstanceOf(NotFoundError);

    await page.getByRole('button', { name: 'Create flag' }).click();
    await dialog.getByRole('button', { name: 'Create anyway' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${projectPathOf('managed')}/flags/by-hand`);
    expect(await owner().flags.retrieve(org, 'managed', 'by-hand')).toMatchObject({ managedBy: null });
  });

  it('takes a new team from nothing to a project, a flag and a working SDK key on a phone-sized screen', async () => {
    const page = await browser.open();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: browser.server.baseUrl,
    });
    /** Each step's page fits the phone's width: no horizontal scroll, nothing past the edge. */
    const expectFits = async (step: string) => {
      const overflow = await measureHorizontalOverflow(page);
      expect(fits(overflow), `${step}: ${JSON.stringify(overflow)}`).toBe(true);
    };
    await signIn(page, browser.server.baseUrl, tokens.owner, orgPath);

    await page.getByRole('button', { name: /^New project/ }).click();
    await page.locator('#new-project-key').fill('phone-shop');
    await page.locator('#new-project-name').fill('Phone shop');
    await expectFits('the new-project form');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(projectPathOf('phone-shop'));

    await page.getByRole('button', { name: /^Create the first flag/ }).click();
    await page.locator('#new-flag-key').fill('new-checkout');
    await expectFits('the new-flag form');
    await page.getByRole('button', { name: 'Create flag' }).click();
    await page.getByText('Flag new-checkout created').waitFor();
    await expectFits("the new flag's page");

    await page.getByRole('link', { name: 'Environments and SDK keys' }).click();
    await page.getByRole('link', { name: 'SDK keys of production' }).click();
    await page.getByRole('button', { name: 'New SDK key' }).click();
    await page.getByLabel('Name').fill('checkout-service');
    await page.getByRole('button', { name: 'Create SDK key' }).click();
    const secret = page.locator('.secret');
    await secret.waitFor();
    await expectFits('the SDK key shown once');
    await page.getByRole('button', { name: 'Copy' }).click();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toBe(await secret.textContent());

    // The key an application would now use reads the new flag.
    const delivered = await fetch(`${browser.server.baseUrl}/api/v1/sdk/flags`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(delivered.status).toBe(200);
    const document = (await delivered.json()) as { flags: { key: string }[] };
    expect(document.flags.map((flag) => flag.key)).toEqual(['new-checkout']);
  }, 120_000);
});
