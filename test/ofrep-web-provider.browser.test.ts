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

/** Resolves once `condition` holds, checking every 20 ms; fails after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
    const reached = (url: string) =>
      url.startsWith(`${world.baseUrl}/ofrep/v1/`) || url.startsWith(`${world.baseUrl}/api/v1/sdk/stream?`);
    expect(problems.foreignRequests.filter((url) => !reached(url))).toEqual([]);
    await page.close();
  });

  it('shows a change made through the API within a second, without a reload (eventStreams, §24)', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page, allowed.origin);
    const state = await open(page, allowed.origin, world.clientSideKey.key);
    expect(state.status, state.error ?? '').toBe('ready');
    expect(await page.textContent('#banner')).toBe('Welcome');
    // The page's provider listens on the stream the bulk answer named (a client-side key in its URL).
    await until(() => problems.foreignRequests.some((url) => url.includes('/api/v1/sdk/stream?key=')));
    const banner = await world.api('GET', '/api/v1/orgs/acme/projects/shop/flags/banner');
    const hello = banner.variations.find((variation: { key: string }) => variation.key === 'hello').id;
    await world.api('PUT', '/api/v1/orgs/acme/projects/shop/flags/banner/environments/production', {
      defaultVariationId: hello,
    });
    const changedAt = performance.now();
    await page.waitForFunction('document.querySelector("#banner").textContent === "Hello"', undefined, {
      timeout: 1_000,
    });
    expect(performance.now() - changedAt).toBeLessThan(1_000);
    expect(((await page.evaluate('window.flagState')) as FlagState).changes.at(-1)).toContain('banner');
    expect(problems.errors).toEqual([]);
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
