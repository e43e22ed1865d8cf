/**
 * Semantic Versioning 2.0.0 precedence (§11 of semver.org), for the `Semver*` operators: major, minor and
 * patch numerically; a version with a pre-release is lower than the same without; pre-release
 * identifiers compare left to right, numbers numerically and below text; build metadata is ignored.
 */
import { patterns } from '@flagplane/contract/format-rules';

export interface SemanticVersion {
  readonly core: readonly [number, number, number];
  readonly preRelease: readonly (string | number)[];
}

/** The version, or null when the text is not a semantic version 2.0.0. */
export function parseSemver(text: string): SemanticVersion | null {
  const match = patterns.semver.exec(text);
  if (!match) return null;
  const core: [number, number, number] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!core.every(Number.isSafeInteger)) return null;
  const preRelease = match[4]
    ? match[4].split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
    : [];
  return { core, preRelease };
}

/** Negative when `a` precedes `b`, 0 when they have the same precedence, positive otherwise. */
export function compareSemver(a: SemanticVersion, b: SemanticVersion): number {
  for (let index = 0; index < 3; index++) {
    const difference = (a.core[index] as number) - (b.core[index] as number);
    if (difference !== 0) return difference;
  }
  if (a.preRelease.length === 0 || b.preRelease.length === 0) {
    // A release follows its pre-releases.
    return b.preRelease.length - a.preRelease.length;
  }
  const length = Math.min(a.preRelease.length, b.preRelease.length);
  for (let index = 0; index < length; index++) {
    const left = a.preRelease[index] as string | number;
    const right = b.preRelease[index] as string | number;
    if (left === right) continue;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    if (typeof left === 'number') return -1; // numeric identifiers have lower precedence
    if (typeof right === 'number') return 1;
    return left < right ? -1 : 1;
  }
  return a.preRelease.length - b.preRelease.length;
}
