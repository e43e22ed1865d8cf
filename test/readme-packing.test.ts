/**
 * The root README tells how to use the packages outside this repository: pack them here, install the
 * tarballs there. npm resolves an `@flagplane/*` dependency only from a tarball installed with it (the
 * packages are not on the registry), so the commands must pack and install every `@flagplane/*` package
 * the installed ones depend on, transitively; a missing one fails the install with E404.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const repository = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  readonly name: string;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

/** Every workspace's package.json, by package name. */
function workspaceManifests(): Map<string, Manifest> {
  const directories = [
    'server',
    ...readdirSync(path.join(repository, 'packages')).map((name) => path.join('packages', name)),
  ];
  const manifests = new Map<string, Manifest>();
  for (const directory of directories) {
    const manifest = JSON.parse(
      readFileSync(path.join(repository, directory, 'package.json'), 'utf8'),
    ) as Manifest;
    manifests.set(manifest.name, manifest);
  }
  return manifests;
}

function ownDependencies(manifest: Manifest): string[] {
  return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter((name) =>
    name.startsWith('@flagplane/'),
  );
}

it('packs and installs every @flagplane package the installed ones need', () => {
  const readme = readFileSync(path.join(repository, 'README.md'), 'utf8');
  const packLine = readme.split('\n').find((line) => line.startsWith('npm pack '));
  const installLine = readme.split('\n').find((line) => line.includes('npm install ../flagplane/'));
  expect(packLine, 'the README has an npm pack line').toBeDefined();
  expect(installLine, 'the README has an npm install line of the tarballs').toBeDefined();
  const packed = [...(packLine ?? '').matchAll(/--workspace=(@flagplane\/[\w-]+)/g)].map((match) => match[1]);
  const braces = /flagplane-\{([^}]+)\}-0\.1\.0\.tgz/.exec(installLine ?? '')?.[1] ?? '';
  const installed = braces.split(',').map((name) => `@flagplane/${name.trim()}`);
  expect(installed.sort()).toEqual([...packed].sort());

  const manifests = workspaceManifests();
  for (const name of installed) {
    const manifest = manifests.get(name);
    expect(manifest, `${name} is a workspace`).toBeDefined();
    for (const dependency of ownDependencies(manifest as Manifest)) {
      expect(installed, `${name} depends on ${dependency}`).toContain(dependency);
    }
  }
});
