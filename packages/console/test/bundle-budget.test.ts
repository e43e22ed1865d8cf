/**
 * The build's budgets (issue #20): the JavaScript a tab loads before its first page shows (the sign-in
 * page, or a signed-in page when the tab is reloaded with its token: the same scripts) is at most 120 KB
 * gzipped, measured here from the files the build wrote (not trusted from the manifest's own numbers);
 * zod and the contract's schemas are not part of it; and the page has no inline script or style for the
 * CSP to refuse.
 */
import { readdir, readFile } from 'node:fs/promises';
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
}

async function gzippedSize(files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(`${dist}assets/${file}`), { level: 9 }).length;
  return bytes;
}

const manifest = JSON.parse(await readFile(`${dist}console-manifest.json`, 'utf8')) as ConsoleManifest;
const html = await readFile(`${dist}${manifest.indexHtml}`, 'utf8');

const readScripts = async (files: readonly string[]) =>
  (await Promise.all(files.map((file) => readFile(`${dist}assets/${file}`, 'utf8')))).join('\n');

describe('the console build', () => {
  it(`ships at most ${firstPageBudgetBytes / 1024} KB of gzipped JavaScript for the first page, signed in or not`, async () => {
    const gzipped = await gzippedSize(manifest.firstPageScripts);
    expect(gzipped).toBe(manifest.firstPageGzipBytes);
    // It holds Preact, the pages people open first and the SDK.
    expect(gzipped).toBeGreaterThan(20 * 1024);
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

  it('leaves zod and the contract out of the first page: the SDK loads them to check the first change', async () => {
    const firstPage = await readScripts(manifest.firstPageScripts);
    const later = await readScripts(
      (await readdir(`${dist}assets`)).filter(
        (file) => file.endsWith('.js') && !manifest.firstPageScripts.includes(file),
      ),
    );
    // The SDK is there (a tab reloaded with its token asks for its page at once): a message of its options.
    expect(firstPage).toContain('No server address');
    // zod's message and a message of the contract's own checks: in a chunk loaded later, not before.
    for (const text of ['Invalid input', 'must not have the form of a UUID']) {
      expect(firstPage).not.toContain(text);
      expect(later).toContain(text);
    }
  });
});
