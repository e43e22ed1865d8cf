/**
 * Creating projects and flags in the console, in a real browser against a real server: by keyboard
 * alone, a project and then a flag of every type, each read back through the API exactly as typed; and
 * the first hour on a phone-sized screen: a project, a flag and an SDK key that reads it, every step
 * fitting. The empty states are in console-create-empty, the refusals in console-create-refusals.
 */
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { org, tokens } from './support/console-server.js';
import { type FlagTyped, orgPath, projectPathOf, typeNewFlag } from './support/create-flow.js';
import { fits, measureHorizontalOverflow } from './support/horizontal-overflow.js';
import { expectFocusOn, focused, tabTo } from './support/keyboard.js';

browserSuite('creating projects and flags in headless Chromium', () => {
  const browser = useConsoleBrowser(async () => {
    // Nothing: the organization starts empty.
  });
  const owner = () => browser.server.owner;

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
