/**
 * The console in a real browser (Debian's Chromium) against a real server on a real port, the way a
 * person uses it: signing in, finding a flag among 1,000, toggling it and finding the event, what a
 * Viewer may not do, code ownership asking first, the keyboard alone, and every page checked by axe-core,
 * without console errors or requests to other origins, with a screenshot of each in test-artifacts/.
 */
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { createFlags, createProject, org, project, tokens } from './support/console-server.js';

const managedFlag = 'checkout-redesign';

/** An init script: records when the signed-in console's <main> enters the document (ms since navigation). */
const recordWhenMainIsDrawn = () => {
  new MutationObserver((_records, observer) => {
    if (!document.getElementById('main')) return;
    (window as unknown as { mainDrawnAt: number }).mainDrawnAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

/** In the page: when its flag list request started and when <main> was drawn (ms since navigation). */
const whenFlagsWereAsked = () => ({
  flagsAskedAt:
    performance
      .getEntriesByType('resource')
      // NaN when missing: no comparison with NaN passes.
      .find((entry) => new URL(entry.name).pathname.endsWith('/flags'))?.startTime ?? Number.NaN,
  mainDrawnAt: (window as unknown as { mainDrawnAt?: number }).mainDrawnAt ?? Number.NaN,
});
const managedSource = 'cdktf:prod-flags';

browserSuite('the console in headless Chromium', () => {
  const browser = useConsoleBrowser(async (server) => {
    await createProject(server.owner);
    await createFlags(server.owner, 1000);
    await server.owner.flags.create(org, project, {
      key: managedFlag,
      type: 'Boolean',
      name: 'Checkout redesign',
      managedBy: { source: managedSource, environments: ['production'] },
    });
  });

  const projectPath = `/console/orgs/${org}/projects/${project}`;
  const isEnabled = async (flag: string, environment: string) =>
    (await browser.server.owner.flagEnvironments.retrieve(org, project, flag, environment)).isEnabled;

  it('signs in, finds a flag among 1,000, toggles it in one environment and sees the event', async () => {
    const page = await browser.open();
    await page.goto(`${browser.server.baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/console'); // `/` leads to the console
    await expectNoSeriousAccessibilityViolations(page, 'sign-in');
    await screenshot(page, 'sign-in');
    await signIn(page, browser.server.baseUrl, tokens.owner);

    await page.getByRole('link', { name: 'Acme Inc' }).click();
    await page.getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('switch', { name: 'flag-0000 in development' }).waitFor();
    await page.getByLabel('Search').fill('flag-0421');
    await page.getByRole('button', { name: 'Filter' }).click();
    const toggle = page.getByRole('switch', { name: 'flag-0421 in staging' });
    await expect.poll(() => page.getByRole('switch').count()).toBe(3); // one flag, three environments
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await isEnabled('flag-0421', 'staging')).toBe(true);
    expect(await isEnabled('flag-0421', 'production')).toBe(false);

    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByLabel('Flag', { exact: true }).fill('flag-0421');
    await page
      .getByRole('button', { name: /filter|apply|show/i })
      .first()
      .click();
    await page.locator('table.event-log').getByText('toggleFlag').first().waitFor();
    await expectNoSeriousAccessibilityViolations(page, 'events');
    await screenshot(page, 'events');
  });

  it('shows a Viewer every switch disabled, with the reason', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.viewer, projectPath);
    const toggle = page.getByRole('switch', { name: 'flag-0001 in production' });
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('title')).toBe('Requires role Member; you have Viewer.');
    expect(
      await page
        .getByRole('switch')
        .evaluateAll((all) => all.every((element) => (element as HTMLButtonElement).disabled)),
    ).toBe(true);
    await expectNoSeriousAccessibilityViolations(page, 'flag list (Viewer)');
  });

  it('asks once for the flag list of a reloaded tab, and for who is signed in only after it', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPath);
    await page.getByRole('switch', { name: 'flag-0000 in development' }).waitFor();
    // Everything this first load asks for has been answered (the top bar's name, the project's heading).
    await page.getByText('Olive Owner').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
    const apiTraffic: string[] = [];
    const record = (event: string, url: string) => {
      const { pathname } = new URL(url);
      if (pathname.startsWith('/api/')) apiTraffic.push(`${event} ${pathname}`);
    };
    page.on('request', (request) => record('request', request.url()));
    page.on('response', (response) => record('response', response.url()));
    await page.addInitScript(recordWhenMainIsDrawn);

    await page.reload();
    await page.getByRole('switch', { name: 'flag-0000 in production' }).waitFor();
    await page.getByText('Olive Owner').waitFor(); // the top bar names who is signed in: /me answered
    await expect
      .poll(() => apiTraffic.includes(`response /api/v1/orgs/${org}/projects/${project}`))
      .toBe(true);
    const flags = `/api/v1/orgs/${org}/projects/${project}/flags`;
    const environments = `/api/v1/orgs/${org}/projects/${project}/environments`;
    // The first script asked (signed-in/first-page-requests.ts), before the page was drawn, and the page
    // took that answer: once each.
    expect(apiTraffic.filter((line) => line === `request ${flags}`)).toHaveLength(1);
    expect(apiTraffic.filter((line) => line === `request ${environments}`)).toHaveLength(1);
    const { flagsAskedAt, mainDrawnAt } = await page.evaluate(whenFlagsWereAsked);
    expect(flagsAskedAt).toBeLessThan(mainDrawnAt);
    // What decorates the page waits for the page's answers (signed-in/after-page-requests.ts).
    for (const decoration of ['/api/v1/me', `/api/v1/orgs/${org}/projects/${project}`]) {
      expect(apiTraffic).toContain(`request ${decoration}`);
      expect(apiTraffic.indexOf(`request ${decoration}`)).toBeGreaterThan(
        Math.max(apiTraffic.indexOf(`response ${flags}`), apiTraffic.indexOf(`response ${environments}`)),
      );
    }
  });

  it('asks before changing what code declares, naming the source, and changes nothing when cancelled', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}?search=${managedFlag}`);
    await page.getByText(`managed by ${managedSource}`).first().waitFor();
    const production = page.getByRole('switch', { name: `${managedFlag} in production` });
    await production.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(`managed by ${managedSource}`);
    expect(await dialog.textContent()).toContain('will revert this change');
    await screenshot(page, 'managed-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await isEnabled(managedFlag, 'production')).toBe(false);
    expect(await production.getAttribute('aria-checked')).toBe('false');

    await production.click();
    await dialog.getByRole('button', { name: 'Change anyway' }).click();
    await expect.poll(() => production.getAttribute('aria-checked')).toBe('true');
    expect(await isEnabled(managedFlag, 'production')).toBe(true);

    // An environment the source does not declare: no question.
    await page.getByRole('switch', { name: `${managedFlag} in staging` }).click();
    await expect.poll(() => isEnabled(managedFlag, 'staging')).toBe(true);
    expect(await dialog.isVisible()).toBe(false);
  });

  it('returns to sign-in when the server refuses the token, and forgets it on sign-out', async () => {
    // Every request the console starts with the refused token answers 401 (`/me` and the page's own).
    const page = await browser.open([{ status: 401, urlIncludes: '/api/v1/' }]);
    await page.goto(`${browser.server.baseUrl}/console`);
    await page.getByLabel('API token').fill(tokens.unknown);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The server refused the token (401)').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await page.getByLabel('API token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This is not a Flagplane token').waitFor();

    await page.getByLabel('API token').fill(tokens.owner);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API token').waitFor();
    const kept = await page.evaluate(() => ({
      session: sessionStorage.length,
      local: localStorage.length,
      cookies: document.cookie,
      url: location.href,
    }));
    expect(kept).toEqual({ session: 0, local: 0, cookies: '', url: `${browser.server.baseUrl}/console` });
    await page.reload();
    await page.getByLabel('API token').waitFor();
  });

  it('returns a tab reloaded on a flag list with a refused token to sign-in, saying why', async () => {
    // The first script asks for the list with the kept token (first-page-requests.ts): answered 401.
    const page = await browser.open([{ status: 401, urlIncludes: '/api/v1/' }]);
    await page.goto(`${browser.server.baseUrl}/console`);
    await page.evaluate((token) => sessionStorage.setItem('flagplane.console.token', token), tokens.unknown);
    const flagRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/flags')) flagRequests.push(request.url());
    });
    await page.addInitScript(recordWhenMainIsDrawn);
    await page.goto(`${browser.server.baseUrl}${projectPath}`);
    await page.getByText('The server refused the token (401)').waitFor();
    await page.getByLabel('API token').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // It was the early request's 401 that ended the session: the page asked no second time.
    expect(flagRequests).toHaveLength(1);
    const { flagsAskedAt, mainDrawnAt } = await page.evaluate(whenFlagsWereAsked);
    expect(flagsAskedAt).toBeLessThan(mainDrawnAt);
  });

  it('shows an unknown flag the way the API says it, with its suggestion as a link', async () => {
    const page = await browser.open([{ status: 404, urlIncludes: '/flags/flag-042' }]);
    await signIn(page, browser.server.baseUrl, tokens.owner, `${projectPath}/flags/flag-042`);
    await page.getByRole('alert').first().waitFor();
    const suggestion = page.getByRole('alert').getByRole('link', { name: 'flag-0042' });
    await suggestion.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${projectPath}/flags/flag-0042`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Flag 42' }).waitFor();
  });

  it('works from the keyboard alone: sign in, open the project, toggle a flag', async () => {
    const page = await browser.open();
    await page.goto(`${browser.server.baseUrl}/console`);
    const tabTo = async (accessibleText: string) => {
      for (let presses = 0; presses < 60; presses++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(
          () =>
            `${document.activeElement?.getAttribute('aria-label') ?? ''}|${document.activeElement?.id ?? ''}|${document.activeElement?.textContent ?? ''}`,
        );
        if (focused.includes(accessibleText)) return;
      }
      throw new Error(`Tab never reached "${accessibleText}"`);
    };
    await tabTo('token');
    await page.keyboard.type(tokens.owner);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Acme Inc' }).waitFor();
    await tabTo('Acme Inc');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Shop' }).waitFor();
    await tabTo('Shop');
    await page.keyboard.press('Enter');
    await page.getByRole('switch', { name: 'flag-0003 in development' }).waitFor();
    await tabTo('flag-0003 in development');
    await page.keyboard.press('Space');
    await expect.poll(() => isEnabled('flag-0003', 'development')).toBe(true);
  });

  it('pages through the list from the keyboard, the focus staying on Next page, and a new page starts at the top', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPath);
    await page.getByRole('switch', { name: 'flag-0000 in development' }).waitFor();
    const next = page.getByRole('button', { name: 'Next page' });
    await next.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('switch', { name: 'flag-0050 in development' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next page');
    expect(await page.getByText('Page 2', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByRole('switch', { name: 'flag-0100 in development' }).waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('switch', { name: 'flag-0050 in development' }).waitFor();

    // Scrolled to the bottom, a flag's link: its page opens at the top, with the focus on its content.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('link', { name: 'Flag 98', exact: true }).click();
    await page.getByRole('button', { name: 'Edit the staging configuration' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.title()).toBe('Flag 98 · Flagplane');
  });
});
