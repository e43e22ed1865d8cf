/**
 * §23 in a browser, with the standard OFREP web provider (`@openfeature/ofrep-web-provider` on
 * `@openfeature/web-sdk`) in Debian's Chromium: a page served from another origin reads the flags a
 * client-side key may see, through CORS for the origins `FLAGPLANE_CORS_ORIGINS` lists; a page from an
 * origin not listed gets nothing.
 */
import { browserAvailable, launchChromium, watchPage } from '@flagplane/test-support/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageServer, startPageServer } from './support/ofrep-web-page/page-server.js';
import { type OfrepWorld, startOfrepWorld } from './support/ofrep-world.js';

interface FlagState {
  readonly status: 'starting' | 'ready' | 'error';
  readonly error: string | null;
  readonly details: Record<string, { value: unknown; reason?: string; variant?: string; errorCode?: string }>;
  readonly changes: string[][];
}

describe.runIf(browserAvailable())('the standard OFREP web provider in Chromium', () => {
  let browser: Browser;
  let allowed: PageServer;
  let other: PageServer;
  let world: OfrepWorld;

  beforeAll(async () => {
    [allowed, other, browser] = await Promise.all([startPageServer(), startPageServer(), launchChromium()]);
    world = await startOfrepWorld({ corsOrigins: [allowed.origin] });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([allowed?.close(), other?.close(), world?.close()]);
  });

  async function open(page: Page, origin: string, key: string): Promise<FlagState> {
    const query = new URLSearchParams({ server: world.baseUrl, key });
    await page.goto(`${origin}/?${query}`);
    await page.waitForFunction('window.flagState && window.flagState.status !== "starting"', undefined, {
      timeout: 15_000,
    });
    return (await page.evaluate('window.flagState')) as FlagState;
  }

  it('reads what a client-side key may see, from a page on an allowed origin', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page, allowed.origin);
    const state = await open(page, allowed.origin, world.clientSideKey.key);
    expect(state.status, state.error ?? '').toBe('ready');
    expect(state.details['kill-switch']).toMatchObject({ value: true, reason: 'STATIC', variant: 'true' });
    expect(state.details.banner).toMatchObject({ value: 'Welcome', reason: 'STATIC' });
    expect(state.details.theme).toMatchObject({ value: { color: 'blue', sizes: [1, 2] } });
    expect(state.details.targeted).toMatchObject({ value: 'dutch', reason: 'TARGETING_MATCH' });
    // Not clientSideVisible: this key is never sent it, so the provider does not know it.
    expect(state.details.split).toMatchObject({ value: false, errorCode: 'FLAG_NOT_FOUND' });
    expect(await page.textContent('#banner')).toBe('Welcome');
    // The page called the flag server, another origin, and nothing failed.
    expect(problems.errors).toEqual([]);
    expect(problems.foreignRequests.every((url) => url.startsWith(`${world.baseUrl}/ofrep/v1/`))).toBe(true);
    await page.close();
  });

  it('gets no flags on a page from an origin that is not allowed', async () => {
    const page = await browser.newPage();
    const state = await open(page, other.origin, world.clientSideKey.key);
    expect(state.status).toBe('error');
    expect(state.details.banner).toMatchObject({ value: 'fallback', reason: 'ERROR' });
    await page.close();
  });
});
