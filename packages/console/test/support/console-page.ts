/**
 * A console tab in headless Chromium: signing in the way a person does, checking a page with axe-core
 * (no serious or critical violation), and keeping a screenshot of each page in test-artifacts/.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

export const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function newConsolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Opens `path` and signs in with `token` through the sign-in form. */
export async function signIn(page: Page, baseUrl: string, token: string, path = '/console'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Attached, not visible: on a narrow screen it is in the top bar's closed menu.
  await page.getByRole('button', { name: 'Sign out', includeHidden: true }).waitFor({ state: 'attached' });
}

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/**
 * Runs axe-core in the page. It is evaluated through the DevTools protocol, not a <script> element, so
 * the console's CSP (no inline script) stays on while it runs.
 */
export async function expectNoSeriousAccessibilityViolations(page: Page, pageName: string): Promise<void> {
  await page.evaluate(await axeSource);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((violation) => ({
      id: violation.id, impact: violation.impact, help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => ({ target: node.target })),
    })))`,
  )) as AxeViolation[];
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, `${pageName}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** A full-page screenshot kept as a test artifact (git-ignored), named after the page. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}console-${name}.png`, fullPage: true });
}
