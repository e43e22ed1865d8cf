/**
 * What each public package's tarball holds: what users need (the build, the bins, README, LICENSE) and
 * nothing a build leaves for itself (tsbuildinfo, declaration maps pointing at sources not shipped, test
 * files). Every source map it ships works without the repository: its sources are embedded, and every
 * `sourceMappingURL` names a file in the tarball.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicPackages } from '../src/repository.js';
import { type PackedContents, packedContents } from '../src/tarball-contents.js';

const packages = publicPackages();
const contents = new Map<string, PackedContents>();

beforeAll(async () => {
  const packed = await Promise.all(packages.map((pkg) => packedContents(pkg.path)));
  for (const [index, pkg] of packages.entries()) contents.set(pkg.name, packed[index] as PackedContents);
}, 120_000);

/** Paths a tarball must never hold: build state, maps of sources it does not ship, tests, sources. */
const notForUsers = [/\.tsbuildinfo$/, /\.d\.ts\.map$/, /\.test\.[cm]?[jt]sx?$/, /^src\//, /(^|\/)\.turbo\//];

describe.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s', (name, pkg) => {
  const files = () => (contents.get(name)?.files ?? []).map((file) => file.path);

  it('holds its package.json, README.md and LICENSE', () => {
    expect(files()).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
  });

  it('holds nothing a build leaves for itself', () => {
    expect(files().filter((file) => notForUsers.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it('ships only source maps with their sources embedded', () => {
    for (const file of files().filter((file) => file.endsWith('.map'))) {
      const map = JSON.parse(readFileSync(path.join(pkg.path, file), 'utf8'));
      expect(Array.isArray(map.sources), file).toBe(true);
      expect(map.sourcesContent?.length, `${file}: sourcesContent`).toBe(map.sources.length);
      expect(
        map.sourcesContent.filter((content: unknown) => typeof content !== 'string'),
        file,
      ).toEqual([]);
    }
  });

  it('names only shipped files in its sourceMappingURL comments', () => {
    const shipped = new Set(files());
    for (const file of files().filter((file) => /\.(m?js|css)$/.test(file))) {
      const text = readFileSync(path.join(pkg.path, file), 'utf8');
      for (const match of text.matchAll(/^(?:\/\/|\/\*)# sourceMappingURL=(?!data:)([^\s*]+)/gm)) {
        const target = path.posix.join(path.posix.dirname(file), match[1] ?? '');
        expect(shipped.has(target), `${file} points at ${target}`).toBe(true);
      }
    }
  });
});
