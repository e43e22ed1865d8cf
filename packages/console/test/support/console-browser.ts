/**
 * What every console browser test file needs: a real server with the scene the file sets, one Chromium,
 * and a fresh tab per test whose console errors, failed requests, HTTP errors and requests to other
 * origins fail the test (unless the test expects them). Call it inside the file's `describe`.
 */
import {
  browserAvailable,
  launchChromium,
  type PageProblems,
  watchPage,
} from '@flagplane/test-support/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { newConsolePage } from './console-page.js';
import { type ConsoleServer, startConsoleServer } from './console-server.js';

/** `describe`, skipped with a message where Chromium is missing (never in CI): test-support's browserAvailable. */
export function browserSuite(name: string, body: () => void): void {
  describe.skipIf(!browserAvailable())(name, body);
}

export interface ExpectedErrorResponse {
  readonly status: number;
  readonly urlIncludes: string;
}

export interface ConsoleBrowser {
  readonly server: ConsoleServer;
  /** The current test's tab. */
  readonly page: Page;
  /** Opens the test's tab; responses listed are provoked on purpose and do not fail the test. */
  open(expectedErrorResponses?: readonly ExpectedErrorResponse[]): Promise<Page>;
}

export function useConsoleBrowser(setScene: (server: ConsoleServer) => Promise<void>): ConsoleBrowser {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let problems: PageProblems | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchChromium()]);
    await setScene(server);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    const seen = problems;
    problems = undefined;
    await page?.context().close();
    page = undefined;
    expect(seen?.errors ?? []).toEqual([]);
    expect(seen?.foreignRequests ?? []).toEqual([]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`${what} is not started (beforeAll failed, or open() was not called)`);
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get page() {
      return started(page, 'the tab');
    },
    async open(expectedErrorResponses = []) {
      if (page) {
        // A test that opens a second tab: the first one's problems count too.
        expect(problems?.errors ?? []).toEqual([]);
        await page.context().close();
      }
      page = await newConsolePage(started(browser, 'Chromium'));
      problems = watchPage(page, started(server, 'the server').baseUrl, { expectedErrorResponses });
      return page;
    },
  };
}
