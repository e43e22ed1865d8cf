/**
 * What every published package.json says about itself: the license and where it comes from, the Node.js
 * versions it runs on (true for everything it runs with, and no stricter), and dependencies that a
 * registry can serve (bundles declare none; the server brings the console it serves).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { type PublicPackage, publicPackages, repository } from '../src/repository.js';
import { runtimeClosure } from '../src/runtime-dependencies.js';

const packages = publicPackages();
const byName = (name: string) => packages.find((pkg) => pkg.name === name) as PublicPackage;
const rootLicense = readFileSync(path.join(repository, 'LICENSE'), 'utf8');
const source = 'https://github.com/flagplane/flagplane';

describe.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s', (_, pkg) => {
  it('is MIT licensed, with the LICENSE file beside it', () => {
    expect(pkg.manifest.license).toBe('MIT');
    expect(readFileSync(path.join(pkg.path, 'LICENSE'), 'utf8')).toBe(rootLicense);
  });

  it('says where its source, home page and issues are', () => {
    expect(pkg.manifest.repository).toEqual({
      type: 'git',
      url: `git+${source}.git`,
      directory: pkg.directory,
    });
    expect(pkg.manifest.homepage).toBe(`${source}/tree/main/${pkg.directory}#readme`);
    expect(pkg.manifest.bugs).toEqual({ url: `${source}/issues` });
  });

  it('asks for the Node.js versions everything it runs with supports, and no more', () => {
    const range = pkg.manifest.engines?.node;
    expect(range, 'engines.node').toBeDefined();
    const constraints = runtimeClosure(pkg)
      .filter((dependency) => dependency.manifest.engines?.node)
      .map((dependency) => ({
        name: `${dependency.name}@${dependency.manifest.version}`,
        range: dependency.manifest.engines?.node as string,
      }));
    expect(constraints.length, 'something it runs with states its Node.js versions').toBeGreaterThan(0);
    const outside = constraints.filter(
      (constraint) => !semver.subset(range as string, constraint.range, { includePrerelease: false }),
    );
    expect(outside, `versions in "${range}" that a dependency refuses`).toEqual([]);
    // The lowest version it accepts is the lowest that all of them accept: not stricter than they are.
    const lowest = constraints
      .map((constraint) => semver.minVersion(constraint.range)?.version ?? '0.0.0')
      .sort(semver.compare)
      .at(-1);
    expect(semver.minVersion(range as string)?.version).toBe(lowest);
  });

  it('depends on other Flagplane packages at exactly its own version', () => {
    const own = Object.entries({ ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies }).filter(
      ([name]) => name.startsWith('@flagplane/'),
    );
    for (const [name, version] of own) expect(`${name}@${version}`).toBe(`${name}@${pkg.manifest.version}`);
  });
});

describe('dependencies a registry can serve', () => {
  it.each(['@flagplane/cli', '@flagplane/terraform-provider'])(
    '%s declares none: its bundle carries them',
    (name) => {
      expect(byName(name).manifest.dependencies).toBeUndefined();
    },
  );

  it('the server depends on the console it serves at /console', () => {
    const server = byName('@flagplane/server');
    expect(server.manifest.dependencies?.['@flagplane/console']).toBe(server.manifest.version);
  });

  it('every public package has one version, released together (changesets `fixed`)', () => {
    expect(new Set(packages.map((pkg) => pkg.manifest.version)).size).toBe(1);
    const config = JSON.parse(readFileSync(path.join(repository, '.changeset', 'config.json'), 'utf8'));
    expect(config.fixed).toEqual([packages.map((pkg) => pkg.name)]);
  });
});
