/**
 * The docs in a real browser: `/docs` (the interactive API reference) and `/docs/errors` load in headless
 * Chromium without console errors or requests to other origins, under the console's top bar and with its
 * docs stylesheet, the reference lists every operation of the endpoint table, and a screenshot goes to
 * `test-artifacts/docs.png` (git-ignored). The stylesheet is the console's build's when there is one
 * (`npm run build`), else a stand-in, so the way it is served is tested either way.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Endpoint, ErrorCode, endpoints, type OperationId, operationIds } from '@flagplane/contract';
import { browserAvailable, chromiumPath, launchChromium, watchPage } from '@flagplane/test-support/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleBuild } from '../../src/console/console-build.js';
import { type ListeningServer, listen } from './support/listening-server.js';

const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
let server: ListeningServer;
let browser: Browser;

const consoleBuild = loadConsoleBuild();
/** A console build with just a docs stylesheet, when the console is not built. */
let standIn: string | undefined;
let docsStylesheet: string;

async function standInBuild(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'flagplane-console-'));
  await mkdir(join(directory, 'assets'));
  const manifest = {
    assetsUrl: '/console/assets/',
    indexHtml: 'index.html',
    docsStylesheet: 'docs-TEST.css',
  };
  await writeFile(join(directory, 'console-manifest.json'), JSON.stringify(manifest));
  await writeFile(join(directory, 'index.html'), '<!doctype html><title>Flagplane console</title>');
  await writeFile(
    join(directory, 'assets', 'docs-TEST.css'),
    ':root{--fp-accent:#3b3fd8}.swagger-ui .topbar{display:none}.fp-topbar .fp-brand{color:rgb(59, 63, 216)}\n' +
      '/*# sourceMappingURL=docs-TEST.css.map */\n',
  );
  return directory;
}

/** The bar the console has at its top, as the page shows it, and whether the docs stylesheet is in use. */
async function topBarOf(page: Page) {
  return (await page.evaluate(`({
    brand: document.querySelector('header.fp-topbar a.fp-brand[href="/console"]')?.textContent,
    links: [...document.querySelectorAll('header.fp-topbar nav a')].map((link) => [link.getAttribute('href'), link.textContent]),
    current: document.querySelector('header.fp-topbar nav a[aria-current="page"]')?.getAttribute('href'),
    display: getComputedStyle(document.querySelector('header.fp-topbar')).display,
    stylesheets: [...document.styleSheets].map((sheet) => sheet.href ?? ''),
    swaggerTopBar: document.querySelectorAll('.swagger-ui .topbar').length,
  })`)) as {
    brand: string;
    links: [string, string][];
    current: string;
    display: string;
    stylesheets: string[];
    swaggerTopBar: number;
  };
}

const expectedLinks = [
  ['/console', 'Console'],
  ['/docs', 'API reference'],
  ['/docs/errors', 'Errors'],
];

const suite = describe.skipIf(!browserAvailable());

const stylesheetOrigin = consoleBuild.built ? "the console's build" : 'a stand-in (the console is not built)';
suite(`docs in headless Chromium (${chromiumPath}), stylesheet from ${stylesheetOrigin}`, () => {
  beforeAll(async () => {
    if (consoleBuild.built) {
      docsStylesheet = consoleBuild.docsStylesheet.file;
      server = await listen();
    } else {
      standIn = await standInBuild();
      docsStylesheet = 'docs-TEST.css';
      server = await listen({ consoleDirectory: standIn });
    }
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (standIn) await rm(standIn, { recursive: true, force: true });
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
    expect(rendered.size).toBe(operationIds.length);

    // Opening one operation shows its parameters and responses (the page is interactive, not a picture).
    const toggle = page.locator(`[id$="-toggleFlag"] .opblock-summary`).first();
    await toggle.click();
    await page.locator('[id$="-toggleFlag"] .responses-wrapper').waitFor({ timeout: 10_000 });
    await toggle.click();

    // The console's bar instead of swagger-ui's (its logo, an "Explore" box), in the console's look.
    expect(await page.title()).toBe('Flagplane API reference');
    const bar = await topBarOf(page);
    expect(bar).toMatchObject({
      brand: 'Flagplane',
      links: expectedLinks,
      current: '/docs',
      display: 'flex',
    });
    expect(bar.swaggerTopBar).toBe(0);
    expect(bar.stylesheets).toContain(`${server.baseUrl}/docs/static/theme/${docsStylesheet}`);

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
    const bar = await topBarOf(page);
    expect(bar).toMatchObject({
      brand: 'Flagplane',
      links: expectedLinks,
      current: '/docs/errors',
      display: 'flex',
    });
    expect(bar.stylesheets).toContain(`${server.baseUrl}/console/assets/${docsStylesheet}`);
    expect(await page.locator('main.fp-docs-page h1').textContent()).toBe('Flagplane API errors');
    await page.screenshot({ path: `${artifacts}docs-errors.png`, fullPage: true });
    expect(problems.errors).toEqual([]);
    expect(problems.foreignRequests).toEqual([]);
    await page.close();
  }, 30_000);
});
