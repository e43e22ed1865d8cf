/**
 * The docs in a real browser: `/docs` (the interactive API reference) and `/docs/errors` load in headless
 * Chromium without console errors or requests to other origins, the reference lists every operation of
 * the endpoint table, and a screenshot goes to `test-artifacts/docs.png` (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  deliveryEndpoints,
  type Endpoint,
  ErrorCode,
  endpoints,
  type OperationId,
  operationIds,
} from '@flagplane/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, chromiumPath, launchChromium, watchPage } from './support/browser.js';
import { type ListeningServer, listen } from './support/listening-server.js';

const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
let server: ListeningServer;
let browser: Browser;

const suite = chromiumInstalled ? describe : describe.skip;
if (!chromiumInstalled)
  console.warn(`browser tests skipped: ${chromiumPath} is not installed (apt-get install chromium)`);

suite(`docs in headless Chromium (${chromiumPath})`, () => {
  beforeAll(async () => {
    server = await listen();
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders /docs with every operation of the endpoint table and the delivery paths, without errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/docs`, { waitUntil: 'load' });
    await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
    // Every tag section open, so every operation is in the DOM.
    for (const section of await page.locator('.opblock-tag-section:not(.is-open) .opblock-tag').all())
      await section.click();

    // One round trip for all blocks; a string so the test needs no DOM types (the lib is ES2023 only).
    const blocks = (await page.evaluate(`[...document.querySelectorAll('.opblock')].map((block) => ({
      id: block.id,
      method: block.querySelector('.opblock-summary-method')?.textContent?.trim(),
      path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path'),
      summary: block.querySelector('.opblock-summary-description')?.textContent?.trim(),
    }))`)) as { id: string; method: string; path: string; summary: string }[];
    // swagger-ui names each block `operations-<tag>-<operationId>`.
    const rendered = new Map(
      blocks.map(({ id, ...shown }) => [id.replace(/^operations-[^-]+-/, ''), shown] as const),
    );
    for (const operationId of operationIds) {
      const endpoint: Endpoint = endpoints[operationId as OperationId];
      expect(rendered.get(operationId), operationId).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        summary: endpoint.summary,
      });
    }
    // And the two delivery operations an application calls with an SDK key (§21).
    for (const [operationId, endpoint] of Object.entries(deliveryEndpoints)) {
      expect(rendered.get(operationId), operationId).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        summary: endpoint.summary,
      });
    }
    expect(rendered.size).toBe(operationIds.length + Object.keys(deliveryEndpoints).length);

    // Opening one operation shows its parameters and responses (the page is interactive, not a picture).
    const toggle = page.locator(`[id$="-toggleFlag"] .opblock-summary`).first();
    await toggle.click();
    await page.locator('[id$="-toggleFlag"] .responses-wrapper').waitFor({ timeout: 10_000 });
    await toggle.click();

    await mkdir(artifacts, { recursive: true });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${artifacts}docs.png` });
    await page.screenshot({ path: `${artifacts}docs-full.png`, fullPage: true });
    expect(problems.errors).toEqual([]);
    expect(problems.foreignRequests).toEqual([]);
    await page.close();
  }, 60_000);

  it('renders /docs/errors with an anchor for every error code, without errors', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/docs/errors`, { waitUntil: 'load' });
    for (const code of ErrorCode.options) {
      await expect(page.locator(`[id="${code}"]`).count(), code).resolves.toBe(1);
      expect(await page.locator(`[id="${code}"]`).isVisible(), code).toBe(true);
    }
    await page.screenshot({ path: `${artifacts}docs-errors.png`, fullPage: true });
    expect(problems.errors).toEqual([]);
    expect(problems.foreignRequests).toEqual([]);
    await page.close();
  }, 30_000);
});
