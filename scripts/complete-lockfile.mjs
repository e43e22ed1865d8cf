#!/usr/bin/env node
/**
 * Keeps `npm ci` working on machines whose registry serves only some platforms' builds.
 *
 * Packages such as turbo, biome and esbuild list one optional dependency per platform. npm records in
 * package-lock.json only the ones the registry could resolve; the registry these machines use does not
 * serve the other platforms' packages, so they are never recorded, and `npm ci` then refuses the
 * lockfile ("Missing: @biomejs/cli-darwin-arm64@ from lock file"). An entry with just the version and
 * `optional: true` satisfies the check, and npm skips it at install time as an optional package that is
 * not there. Runs as the root `postinstall`, so every `npm install` leaves a lockfile `npm ci` accepts;
 * it changes nothing when nothing is missing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages ?? {};
const exactVersion = /^\d+\.\d+\.\d+(-[\w.-]+)?$/;

/** Where npm looks for `name` required from the package at `parentPath`: nested first, then up the tree. */
function isRecorded(parentPath, name) {
  let base = parentPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!exactVersion.test(version) || isRecorded(path, name)) continue;
    packages[`node_modules/${name}`] = { version, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

if (added > 0) {
  // npm keeps the entries sorted by path; so do we, so a later `npm install` rewrites nothing.
  const sorted = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  lock.packages = sorted;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  process.stdout.write(
    `complete-lockfile: recorded ${added} optional platform package(s) the registry does not serve\n`,
  );
}
