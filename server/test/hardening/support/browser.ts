/**
 * Debian's Chromium driven by playwright-core: no browser is ever downloaded. Where /usr/bin/chromium is
 * missing (CI installs it; see .ci/run), browser tests are skipped with a message saying so.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumInstalled = existsSync(chromiumPath);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageProblems {
  /** Console errors, uncaught page errors and failed requests, in the order they happened. */
  readonly errors: string[];
  /** Requests to any other origin than the server's (the docs must load nothing from outside). */
  readonly foreignRequests: string[];
}

/** Records what went wrong on `page` from now on. */
export function watchPage(page: Page, origin: string): PageProblems {
  const problems: PageProblems = { errors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.errors.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.foreignRequests.push(url);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
