/**
 * The checks of what a document declares as someone else's: a project managed elsewhere is only a place
 * for the document's own segments, flags and SDK keys, so anything the document would set on it (or on its
 * environments) is a mistake; a flag managed elsewhere is a key prerequisites may name, and a key cannot
 * be both managed here and elsewhere.
 */
import {
  type DesiredStateProblem,
  formatPath,
  type PathSegment,
  problemAt,
} from './desired-state-problem.js';
import { asArray, asString, type LenientObject, objectsIn } from './lenient-view.js';
import { DuplicateKeys } from './reference-messages.js';

/** Settings that only an owner makes; an entry managed elsewhere must leave them out. */
const ownerOnly = ['name', 'description', 'removalPolicy'] as const;

export function isManagedElsewhere(project: LenientObject): boolean {
  return project.managedElsewhere === true;
}

export function managedElsewhereProblems(
  project: LenientObject,
  at: readonly PathSegment[],
): DesiredStateProblem[] {
  if (!isManagedElsewhere(project)) return [];
  const problems: DesiredStateProblem[] = [];
  for (const property of ownerOnly) {
    if (project[property] !== undefined) {
      problems.push(
        problemAt(
          [...at, property],
          `a project managed elsewhere takes no ${property}: this document never changes the project`,
        ),
      );
    }
  }
  for (const [index, environment] of objectsIn(project.environments)) {
    for (const property of Object.keys(environment).filter((name) => name !== 'key')) {
      problems.push(
        problemAt(
          [...at, 'environments', index, property],
          'an environment of a project managed elsewhere takes only its key: this document never changes it',
        ),
      );
    }
  }
  return problems;
}

/**
 * The keys of `flagsManagedElsewhere` (first occurrence of each); a key listed twice, or also declared
 * in `flags`, is reported.
 */
export function flagsManagedElsewhere(
  project: LenientObject,
  at: readonly PathSegment[],
  problems: DesiredStateProblem[],
): Set<string> {
  const declaredHere = new Map<string, string>();
  for (const [index, flag] of objectsIn(project.flags)) {
    const key = asString(flag.key);
    if (key !== undefined && !declaredHere.has(key))
      declaredHere.set(key, formatPath([...at, 'flags', index]));
  }
  const seen = new DuplicateKeys('flag managed elsewhere');
  const keys = new Set<string>();
  asArray(project.flagsManagedElsewhere).forEach((value, index) => {
    const key = asString(value);
    const keyAt = [...at, 'flagsManagedElsewhere', index];
    const duplicate = seen.check(key, formatPath(keyAt));
    if (duplicate) problems.push(problemAt(keyAt, duplicate));
    else if (key !== undefined && declaredHere.has(key)) {
      problems.push(
        problemAt(
          keyAt,
          `flag "${key}" is also declared at ${declaredHere.get(key)}; a flag is managed either here or elsewhere`,
        ),
      );
    } else if (key !== undefined) keys.add(key);
  });
  return keys;
}
