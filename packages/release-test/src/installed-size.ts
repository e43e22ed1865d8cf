/**
 * What installing a package costs on disk: the package and every package it needs at run time, as npm
 * laid them out in a project's node_modules, each counted once (the files' sizes, not disk blocks).
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The bytes of the files under `directory`, leaving out nested node_modules (packages of their own). */
async function ownBytes(directory: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') total += await ownBytes(entryPath);
    } else {
      total += (await lstat(entryPath)).size;
    }
  }
  return total;
}

/** Where Node would find `name` from a package in `from`: its own node_modules, then each parent's. */
function resolvePackage(name: string, from: string, root: string): string | undefined {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (directory === root || directory === path.dirname(directory)) return undefined;
  }
}

export interface InstalledSize {
  /** Bytes of the package and all it needs. */
  readonly bytes: number;
  /** How many packages that is, the package included. */
  readonly packages: number;
}

/**
 * The installed size of `name` in the project at `project` (or of the package directory `packageDirectory`
 * itself, for a global install): its `dependencies`, and the `peerDependencies` npm installs with it (not
 * the optional ones), followed through the tree.
 */
export async function installedSize(project: string, name: string): Promise<InstalledSize> {
  const start = resolvePackage(name, project, project);
  if (!start) throw new Error(`${name} is not installed in ${project}`);
  return sizeFrom(start, project);
}

export async function sizeFrom(packageDirectory: string, root: string): Promise<InstalledSize> {
  const seen = new Set<string>();
  const queue = [packageDirectory];
  let bytes = 0;
  while (queue.length > 0) {
    const directory = queue.shift() as string;
    if (seen.has(directory)) continue;
    seen.add(directory);
    bytes += await ownBytes(directory);
    const manifest = JSON.parse(await readFile(path.join(directory, 'package.json'), 'utf8'));
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const needed = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((peer) => !optionalPeers[peer]?.optional),
    ];
    for (const dependency of needed) {
      const found = resolvePackage(dependency, directory, root);
      // An optional dependency for another platform is legitimately absent.
      if (found) queue.push(found);
      else if (!manifest.optionalDependencies?.[dependency])
        throw new Error(`${manifest.name} needs ${dependency}, which is not installed under ${root}`);
    }
  }
  return { bytes, packages: seen.size };
}
