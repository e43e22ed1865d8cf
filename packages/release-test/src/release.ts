/**
 * `npm run release` in a copy of the repository (repository-copy.ts), publishing to the throwaway registry,
 * and what it released.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '@flagplane/test-support/process';
import { isolatedEnvironment, type RegistryConfiguration } from './npm-environment.js';
import { publicPackages } from './repository.js';

export interface Release {
  /** The one version every public package was released at. */
  readonly version: string;
  /** Whether the copy had changesets pending (then the release bumped the version). */
  readonly hadChangesets: boolean;
  readonly seconds: number;
  /** The release command's output. */
  readonly log: string;
}

function pendingChangesets(copy: string): string[] {
  const directory = path.join(copy, '.changeset');
  if (!existsSync(directory)) return [];
  return readdirSync(directory).filter((name) => name.endsWith('.md') && name !== 'README.md');
}

export async function releaseFromCopy(
  copy: string,
  registry: RegistryConfiguration,
  logFile: string,
): Promise<Release> {
  const hadChangesets = pendingChangesets(copy).length > 0;
  const started = performance.now();
  const result = await runProcess('npm', ['run', 'release'], {
    cwd: copy,
    env: isolatedEnvironment(registry, { CI: 'true' }),
    inheritEnvironment: false,
  });
  const seconds = (performance.now() - started) / 1000;
  const log = `${result.stdout}\n${result.stderr}`;
  await writeFile(logFile, log);
  if (result.code !== 0)
    throw new Error(
      `npm run release failed (exit ${result.code}); its output is in ${logFile}:\n${log.slice(-4000)}`,
    );
  const versions = new Set(publicPackages(copy).map((pkg) => pkg.manifest.version));
  if (versions.size !== 1) throw new Error(`the release left several versions: ${[...versions].join(', ')}`);
  const [version] = versions as Set<string>;
  return { version: version as string, hadChangesets, seconds, log };
}

/** The versions the registry has of `name`. */
export async function publishedVersions(registryUrl: string, name: string): Promise<string[]> {
  const response = await fetch(new URL(name.replace('/', '%2f'), registryUrl));
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`${registryUrl} answered ${response.status} for ${name}`);
  const packument = (await response.json()) as { versions?: Record<string, unknown> };
  return Object.keys(packument.versions ?? {});
}

export function changelogOf(copy: string, directory: string): string {
  const file = path.join(copy, directory, 'CHANGELOG.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}
