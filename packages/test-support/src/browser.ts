/**
 * Debian's Chromium driven by playwright-core: no browser is ever downloaded. Where /usr/bin/chromium is
 * missing, browser tests are skipped with a message saying so, except in CI (`CI` set), where they run and
 * fail: .ci/run installs Chromium, and a browser test that silently did not run proves nothing.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumInstalled = existsSync(chromiumPath);
/**
 * Whether the browser tests run here: Chromium is installed, or this is CI, where they run (and fail at
 * launch if it is missing) rather than pass by being skipped. Elsewhere they are skipped, with a message.
 */
export function browserAvailable(): boolean {
  if (chromiumInstalled || process.env.CI) return true;
  console.warn(
    `${chromiumPath} is not installed (apt-get install chromium): the browser tests cannot run; skipped.`,
  );
  return false;
}

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
  /** Requests to any other origin than the server's (our pages must load nothing from outside). */
  readonly foreignRequests: string[];
}

export interface WatchOptions {
  /** HTTP error statuses the test provokes on purpose (`/api/v1/...` 401 of a refused token), as URL parts. */
  readonly expectedErrorResponses?: readonly { readonly status: number; readonly urlIncludes: string }[];
}

/** Records what went wrong on `page` from now on. */
export function watchPage(page: Page, origin: string, options: WatchOptions = {}): PageProblems {
  const problems: PageProblems = { errors: [], foreignRequests: [] };
  const expected = (status: number, url: string) =>
    (options.expectedErrorResponses ?? []).some(
      (entry) => entry.status === status && url.includes(entry.urlIncludes),
    );
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every HTTP error status as a console error; those are judged by the response handler.
    if (/^Failed to load resource: the server responded with a status of/.test(message.text())) return;
    problems.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.errors.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A fetch the page aborted on purpose (it navigated on) is not a failure.
    if (failure === 'net::ERR_ABORTED' && request.resourceType() === 'fetch') return;
    problems.errors.push(`request failed: ${request.url()} (${failure})`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.foreignRequests.push(url);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !expected(response.status(), response.url()))
      problems.errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
