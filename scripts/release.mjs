#!/usr/bin/env node
/**
 * `npm run release`: versions, builds and publishes every public package, in that order, to the registry
 * the npm configuration names (`registry`, or `@flagplane:registry`; the release test points it at a
 * throwaway Verdaccio).
 *
 *   1. `changeset version`: the pending changesets (.changeset/*.md) become version bumps and CHANGELOG.md
 *      entries; all public packages share one version (`fixed` in .changeset/config.json).
 *   2. `npm install --package-lock-only`: package-lock.json records the new versions, so `npm ci` still
 *      accepts it.
 *   3. A clean build of the public packages: their dist/ folders removed and `turbo run build --force`
 *      (after versioning: the CLI and the Terraform provider carry their version in their bundles; `tsc -b`
 *      never removes the output of a deleted source file, and turbo's cache would restore such files).
 *   4. `changeset publish`: `npm publish` of every public package whose version the registry does not have
 *      yet, and a git tag `<name>@<version>` for each. Arguments after `--` go to it
 *      (`npm run release -- --no-git-tag`).
 *
 * Then commit what steps 1–2 changed (versions, changelogs, the lockfile) and push the tags.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicPackages } from './public-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(title, command, args) {
  process.stdout.write(`\n==> release: ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(`release: ${title} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`==> release: ${title}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const publishArguments = process.argv.slice(2);
run('version (changesets)', bin('changeset'), ['version']);
run('lockfile', 'npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund']);
run('lockfile: platform packages', process.execPath, [path.join(root, 'scripts', 'complete-lockfile.mjs')]);
const packages = publicPackages(root);
for (const { path: directory } of packages)
  rmSync(path.join(directory, 'dist'), { recursive: true, force: true });
const filters = packages.map(({ name }) => `--filter=${name}`);
run('build', bin('turbo'), ['run', 'build', '--force', ...filters, '--output-logs=errors-only']);
run('publish (changesets)', bin('changeset'), ['publish', ...publishArguments]);
