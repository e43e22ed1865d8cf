/**
 * The console on any screen (WCAG 1.4.10, Reflow): every page, in the states that draw something new, at
 * 320, 390 and 1280 CSS px fits its width (no horizontal scroll, nothing beyond the right edge) and, at 390
 * and 1280 in a light and a dark colour scheme, passes axe-core; the top bar's menu by keyboard alone; the
 * flag list's switches on screen and working; the reflowed tables still tables to assistive technology.
 * The widths measured go to test-artifacts/reflow-<width>-<scheme>.json, a screenshot of each page too.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import {
  artifacts,
  expectNoSeriousAccessibilityViolations,
  screenshot,
  signIn,
} from './support/console-page.js';
import { org, project, tokens } from './support/console-server.js';
import { longFlagKey, setTourScene, takeTour, tourStops } from './support/console-tour.js';
import { fits, type HorizontalOverflow, measureHorizontalOverflow } from './support/horizontal-overflow.js';

const projectPath = `/console/orgs/${org}/projects/${project}`;

type ColorScheme = 'light' | 'dark';

interface Layout {
  readonly width: number;
  /**
   * Each page is checked in every scheme where it stands, the scheme switched in place (one tour per
   * width: the page's state is the same, only its colours change).
   */
  readonly colorSchemes: readonly ColorScheme[];
  /** axe-core runs at the two widths the issue names (its colour contrast differs by scheme, not width). */
  readonly axe: boolean;
}

const layouts: readonly Layout[] = [
  { width: 320, colorSchemes: ['light'], axe: false },
  { width: 390, colorSchemes: ['light', 'dark'], axe: true },
  { width: 1280, colorSchemes: ['light', 'dark'], axe: true },
];

/** What Tab reached: its text or name, and whether all of it is on screen. */
async function focused(page: Page): Promise<{ readonly name: string; readonly onScreen: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { name: '', onScreen: false };
    const box = element.getBoundingClientRect();
    return {
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      onScreen:
        box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth && box.top >= 0,
    };
  });
}

async function tabTo(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ name, onScreen: true });
}

browserSuite('the console on narrow and wide screens', () => {
  const browser = useConsoleBrowser(setTourScene);

  for (const layout of layouts) {
    const { width, colorSchemes } = layout;
    it(`fits every page at ${width} px (${colorSchemes.join(' and ')})${layout.axe ? ', with no serious axe-core violation' : ''}`, async () => {
      const page = await browser.open();
      await page.setViewportSize({ width, height: 800 });
      const measured = new Map<ColorScheme, Record<string, HorizontalOverflow>>(
        colorSchemes.map((colorScheme) => [colorScheme, {}]),
      );
      try {
        await takeTour(page, browser.server.baseUrl, tokens.owner, async (name) => {
          for (const [colorScheme, overflows] of measured) {
            await page.emulateMedia({ colorScheme });
            overflows[name] = await measureHorizontalOverflow(page);
            await screenshot(page, `reflow-${width}-${colorScheme}-${name}`);
            if (layout.axe)
              await expectNoSeriousAccessibilityViolations(page, `${name} at ${width} px, ${colorScheme}`);
          }
        });
      } finally {
        for (const [colorScheme, overflows] of measured) {
          await writeFile(
            `${artifacts}reflow-${width}-${colorScheme}.json`,
            `${JSON.stringify(overflows, null, 2)}\n`,
          );
        }
      }
      for (const [colorScheme, overflows] of measured) {
        // Sign-in and every stop: none skipped.
        expect(Object.keys(overflows), colorScheme).toHaveLength(tourStops.length + 1);
        const overflowing = Object.entries(overflows).filter(([, overflow]) => !fits(overflow));
        expect(overflowing, colorScheme).toEqual([]);
      }
    }, 300_000);
  }

  it('at 390 px folds the top bar into a menu the keyboard opens, walks, closes and signs out from', async () => {
    const page = await browser.open();
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPath);
    await page.goto(`${browser.server.baseUrl}${projectPath}`); // focus starts at the top of a fresh page
    await page.getByRole('switch', { name: `${longFlagKey} in production` }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const signOut = page.getByRole('button', { name: 'Sign out' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await signOut.isVisible()).toBe(false);

    await tabTo(page, 'Skip to content');
    await tabTo(page, 'Flagplane');
    await tabTo(page, 'Menu');
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'reflow-390-menu-open');
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousAccessibilityViolations(page, `the open menu at 390 px, ${colorScheme}`);
    }
    await tabTo(page, 'Console');
    await tabTo(page, 'API reference');
    await tabTo(page, 'Errors');
    await tabTo(page, 'Sign out');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toEqual({ name: 'Menu', onScreen: true });
    expect(await signOut.isVisible()).toBe(false);

    // Tabbing on past the menu's last item closes it behind.
    await page.keyboard.press('Space');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('Tab');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
      true,
    );

    // A click (or tap) elsewhere closes it too.
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 1 }).click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.focus();
    await page.keyboard.press('Enter');
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ name: 'Sign out', onScreen: true });
    await page.keyboard.press('Enter');
    await page.getByLabel('API token').waitFor();
    await page.getByText('You signed out').waitFor();
  });

  it('at 1280 px keeps the top bar one row: the links and Sign out in it, no menu button', async () => {
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPath);
    await page.getByRole('switch', { name: `${longFlagKey} in production` }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0); // not drawn, not in the tree
    const middles = await Promise.all(
      [
        page.getByRole('link', { name: 'Flagplane' }),
        page.getByRole('link', { name: 'API reference' }),
        page.getByRole('button', { name: 'Sign out' }),
      ].map(async (element) => {
        const box = await element.boundingBox();
        if (!box) throw new Error('not shown');
        return box.y + box.height / 2;
      }),
    );
    for (const middle of middles) expect(Math.abs(middle - (middles[0] as number))).toBeLessThan(2);
  });

  for (const [width, flag] of [
    [320, 'flag-0001'],
    [390, 'flag-0002'],
  ] as const) {
    it(`at ${width} px shows every switch of the flag list on screen, and one turns on by keyboard`, async () => {
      const page = await browser.open();
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, browser.server.baseUrl, tokens.owner, projectPath);
      await page.getByRole('switch', { name: `${longFlagKey} in production` }).waitFor();
      const switches = await page.getByRole('switch').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          const inside = box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
          return { name: element.getAttribute('aria-label'), inside };
        }),
      );
      expect(switches).toHaveLength(13 * 3); // 13 flags in 3 environments
      expect(switches.filter((entry) => !entry.inside)).toEqual([]);

      const toggle = page.getByRole('switch', { name: `${flag} in development` });
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      const stored = await browser.server.owner.flagEnvironments.retrieve(org, project, flag, 'development');
      expect(stored.isEnabled).toBe(true);
    });
  }

  it('at 390 px the cards of the flag list are still a table to assistive technology', async () => {
    const page = await browser.open();
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPath);
    await page.getByRole('switch', { name: `${longFlagKey} in production` }).waitFor();
    // Chromium's own accessibility tree (what a screen reader reads), not the DOM's roles.
    const devtools = await page.context().newCDPSession(page);
    const { nodes } = (await devtools.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; ignored?: boolean }[];
    };
    const count = (role: string) => nodes.filter((node) => !node.ignored && node.role?.value === role).length;
    expect(count('table')).toBe(1);
    expect(count('row')).toBe(14); // the header and 13 flags
    expect(count('columnheader')).toBe(5); // flag, type and 3 environments
    expect(count('rowheader')).toBe(13);
    expect(count('cell')).toBe(13 * 4);
  });
});
