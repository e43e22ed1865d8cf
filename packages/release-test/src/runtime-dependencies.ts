/**
 * What a published package runs with, as the repository has it installed: its dependencies and peer
 * dependencies (optional ones too: whoever installs one runs it), followed through the tree. A package
 * that declares no dependencies is a bundle (the CLI, the Terraform provider, the console): it runs the
 * packages its sources import, which it lists as devDependencies.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest, PublicPackage } from './repository.js';

export interface InstalledPackage {
  readonly name: string;
  readonly directory: string;
  readonly manifest: Manifest;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as Manifest;
}

function resolveFrom(name: string, from: string): string | undefined {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (directory === path.dirname(directory)) return undefined;
  }
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The package names a bundle's sources import (static and dynamic imports, bare specifiers only). */
export function importedPackages(sourceDirectory: string): Set<string> {
  const names = new Set<string>();
  const specifier = /(?:from\s+|import\s*\(\s*)'([^'.][^']*)'/g;
  for (const file of sourceFiles(sourceDirectory)) {
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      const parts = (match[1] ?? '').split('/');
      const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
      if (!name.startsWith('node:')) names.add(name);
    }
  }
  return names;
}

/** The names a package runs with, directly. */
export function directRuntimeDependencies(pkg: PublicPackage): string[] {
  const { manifest } = pkg;
  if (manifest.dependencies === undefined && manifest.devDependencies !== undefined) {
    const imported = importedPackages(path.join(pkg.path, 'src'));
    return Object.keys(manifest.devDependencies).filter((name) => imported.has(name));
  }
  return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
}

/** Every package `pkg` runs with, transitively, as installed under the repository. */
export function runtimeClosure(pkg: PublicPackage): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const queue = directRuntimeDependencies(pkg).map((name) => ({ name, from: pkg.path }));
  while (queue.length > 0) {
    const { name, from } = queue.shift() as { name: string; from: string };
    const directory = resolveFrom(name, from);
    if (!directory) {
      throw new Error(`${name} (needed through ${pkg.name}) is not installed above ${from}`);
    }
    if (found.has(directory)) continue;
    const manifest = readManifest(directory);
    found.set(directory, { name, directory, manifest });
    const next = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...(name.startsWith('@flagplane/') ? Object.keys(manifest.peerDependencies ?? {}) : []),
    ];
    for (const dependency of next) {
      // A platform's optional build that this machine did not install is not run here either.
      if (manifest.optionalDependencies?.[dependency] && !resolveFrom(dependency, directory)) continue;
      queue.push({ name: dependency, from: directory });
    }
  }
  return [...found.values()];
}
