/**
 * The build's budgets (issue #20): the JavaScript the first page loads is at most 120 KB gzipped, whether
 * that first page is the sign-in page (a new tab) or a signed-in page (a tab reloaded with its token),
 * measured here from the files the build wrote (not trusted from the manifest's own numbers); and the page
 * has no inline script or style for the CSP to refuse.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const firstPageBudgetBytes = 120 * 1024;

interface ConsoleManifest {
  readonly assetsUrl: string;
  readonly indexHtml: string;
  readonly firstPageScripts: readonly string[];
  readonly firstPageGzipBytes: number;
  readonly signedInScripts: readonly string[];
  readonly signedInGzipBytes: number;
}

async function gzippedSize(files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(`${dist}assets/${file}`), { level: 9 }).length;
  return bytes;
}

const manifest = JSON.parse(await readFile(`${dist}console-manifest.json`, 'utf8')) as ConsoleManifest;
const html = await readFile(`${dist}${manifest.indexHtml}`, 'utf8');

describe('the console build', () => {
  it(`ships at most ${firstPageBudgetBytes / 1024} KB of gzipped JavaScript for the sign-in page`, async () => {
    const gzipped = await gzippedSize(manifest.firstPageScripts);
    expect(gzipped).toBe(manifest.firstPageGzipBytes);
    expect(gzipped).toBeGreaterThan(1024);
    expect(gzipped).toBeLessThanOrEqual(firstPageBudgetBytes);
  });

  it(`ships at most ${firstPageBudgetBytes / 1024} KB of gzipped JavaScript for a signed-in first page`, async () => {
    const gzipped = await gzippedSize(manifest.signedInScripts);
    expect(gzipped).toBe(manifest.signedInGzipBytes);
    // It holds the sign-in page's scripts and the SDK (more than the sign-in page alone).
    expect(manifest.signedInScripts).toEqual(expect.arrayContaining([...manifest.firstPageScripts]));
    expect(gzipped).toBeGreaterThan(manifest.firstPageGzipBytes + 20 * 1024);
    expect(gzipped).toBeLessThanOrEqual(firstPageBudgetBytes);
  });

  it('loads exactly the first-page scripts from the page, and nothing inline', () => {
    const scripts = [
      ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g),
    ].map((match) => match[1]);
    expect(scripts).toEqual(manifest.firstPageScripts.map((file) => `${manifest.assetsUrl}${file}`));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style="/);
  });

  it('leaves the SDK out of the first page: it loads once a token is given', async () => {
    const firstPage = (
      await Promise.all(manifest.firstPageScripts.map((file) => readFile(`${dist}assets/${file}`, 'utf8')))
    ).join('\n');
    // A message of the SDK's client options, and zod's: neither is needed to show the sign-in form.
    expect(firstPage).not.toContain('No server address');
    expect(firstPage).not.toContain('Invalid input');
  });
});
