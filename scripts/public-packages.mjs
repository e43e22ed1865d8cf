/**
 * The workspaces that are published (every one without `"private": true`), read from the root
 * package.json's `workspaces` (plain paths and `dir/*` globs). Used by the release command
 * (scripts/release.mjs) and the release tests (packages/release-test).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * @param {string} [root] the repository (default: this script's)
 * @returns {{ name: string, directory: string, path: string, manifest: Record<string, any> }[]}
 *   `directory` relative to the root (`packages/cli`), `path` absolute; sorted by name
 */
export function publicPackages(root = defaultRoot) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const directories = (rootManifest.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
  return directories
    .filter((directory) => existsSync(join(root, directory, 'package.json')))
    .map((directory) => {
      const manifest = JSON.parse(readFileSync(join(root, directory, 'package.json'), 'utf8'));
      return { name: manifest.name, directory, path: join(root, directory), manifest };
    })
    .filter((workspace) => workspace.manifest.private !== true)
    .sort((a, b) => a.name.localeCompare(b.name));
}
