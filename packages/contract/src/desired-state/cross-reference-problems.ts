/**
 * The checks a schema cannot make alone: duplicate keys, references by key to things the document does
 * not declare, prerequisite cycles, and removal policies that contradict each other. They run over the
 * document even when parts of it fail the schema, so one run reports every problem.
 */
import {
  type DesiredStateProblem,
  formatPath,
  type PathSegment,
  problemAt,
} from './desired-state-problem.js';
import {
  declaredVariationKeys,
  flagReferenceProblems,
  type PrerequisiteEdges,
  type ProjectDeclarations,
} from './flag-references.js';
import { asObject, asString, type LenientObject, objectsIn } from './lenient-view.js';
import {
  flagsManagedElsewhere,
  isManagedElsewhere,
  managedElsewhereProblems,
} from './managed-elsewhere-problems.js';
import { prerequisiteCycleProblems } from './prerequisite-cycles.js';
import { DuplicateKeys, unknownReference } from './reference-messages.js';

export function crossReferenceProblems(document: unknown): DesiredStateProblem[] {
  const root = asObject(document);
  if (!root) return [];
  const problems: DesiredStateProblem[] = [];
  const projectKeys = new DuplicateKeys('project key');
  for (const [index, project] of objectsIn(root.projects)) {
    const at = ['projects', index];
    const duplicate = projectKeys.check(asString(project.key), formatPath(at));
    if (duplicate) problems.push(problemAt([...at, 'key'], duplicate));
    problems.push(...projectProblems(project, at, asObject(root.removalPolicies)));
  }
  return problems;
}

function projectProblems(
  project: LenientObject,
  at: readonly PathSegment[],
  documentPolicies: LenientObject | undefined,
): DesiredStateProblem[] {
  const problems: DesiredStateProblem[] = [];
  const environmentKeys = uniqueKeys(
    project.environments,
    'key',
    'environment key',
    [...at, 'environments'],
    problems,
  );
  const segmentKeys = uniqueKeys(project.segments, 'key', 'segment key', [...at, 'segments'], problems);
  uniqueKeys(project.flags, 'key', 'flag key', [...at, 'flags'], problems);

  const flagVariations = new Map<string, string[]>();
  for (const [, flag] of objectsIn(project.flags)) {
    const key = asString(flag.key);
    if (key !== undefined && !flagVariations.has(key)) flagVariations.set(key, declaredVariationKeys(flag));
  }
  const externalFlags = flagsManagedElsewhere(project, at, problems);
  const declarations: ProjectDeclarations = { environmentKeys, segmentKeys, flagVariations, externalFlags };
  const edges: PrerequisiteEdges = new Map();
  for (const [index, flag] of objectsIn(project.flags)) {
    problems.push(...flagReferenceProblems(flag, [...at, 'flags', index], declarations, edges));
  }
  problems.push(...prerequisiteCycleProblems(edges));
  problems.push(...sdkKeyProblems(project, at, environmentKeys));
  problems.push(...managedElsewhereProblems(project, at));
  problems.push(...removalPolicyProblems(project, at, documentPolicies));
  return problems;
}

/** The keys of the objects in `list` (first occurrence of each); duplicates are reported. */
function uniqueKeys(
  list: unknown,
  property: string,
  kind: string,
  at: readonly PathSegment[],
  problems: DesiredStateProblem[],
): string[] {
  const seen = new DuplicateKeys(kind);
  const keys: string[] = [];
  for (const [index, element] of objectsIn(list)) {
    const key = asString(element[property]);
    const duplicate = seen.check(key, formatPath([...at, index]));
    if (duplicate) problems.push(problemAt([...at, index, property], duplicate));
    else if (key !== undefined) keys.push(key);
  }
  return keys;
}

function sdkKeyProblems(
  project: LenientObject,
  at: readonly PathSegment[],
  environmentKeys: readonly string[],
): DesiredStateProblem[] {
  const problems: DesiredStateProblem[] = [];
  const names = new DuplicateKeys('SDK key name');
  const files = new DuplicateKeys('plaintext file');
  for (const [index, sdkKey] of objectsIn(project.sdkKeys)) {
    const keyAt = [...at, 'sdkKeys', index];
    const environment = asString(sdkKey.environment);
    if (environment !== undefined && !environmentKeys.includes(environment)) {
      problems.push(
        problemAt(
          [...keyAt, 'environment'],
          unknownReference('environment', environment, environmentKeys, 'the project'),
        ),
      );
    }
    const name = asString(sdkKey.name);
    const duplicate = names.check(
      environment !== undefined && name !== undefined ? `${name}" in environment "${environment}` : undefined,
      formatPath(keyAt),
    );
    if (duplicate) problems.push(problemAt([...keyAt, 'name'], duplicate));
    const file = files.check(asString(sdkKey.plaintextFile), formatPath(keyAt));
    if (file) problems.push(problemAt([...keyAt, 'plaintextFile'], file));
  }
  return problems;
}

/**
 * Deleting a project or an environment takes everything in it along, so a `retain` inside one whose
 * policy is `delete` could not be honoured: say so now rather than lose the retained resource later.
 */
function removalPolicyProblems(
  project: LenientObject,
  at: readonly PathSegment[],
  documentPolicies: LenientObject | undefined,
): DesiredStateProblem[] {
  const problems: DesiredStateProblem[] = [];
  const policyOf = (resource: LenientObject, kind: string) =>
    asString(resource.removalPolicy) ?? asString(documentPolicies?.[kind]);
  // Nothing of a project managed elsewhere is ever removed by this document, whatever the defaults say.
  const owned = !isManagedElsewhere(project);
  const projectDeleted = owned && policyOf(project, 'project') === 'delete';
  const deletedEnvironments = new Set(
    objectsIn(owned ? project.environments : [])
      .filter(([, environment]) => policyOf(environment, 'environment') === 'delete')
      .flatMap(([, environment]) => asString(environment.key) ?? []),
  );
  const retained = (list: unknown, kind: string, property: string) =>
    objectsIn(list)
      .filter(([, resource]) => asString(resource.removalPolicy) === 'retain')
      .map(([index, resource]) => ({ index, resource, kind, property }));
  if (projectDeleted) {
    for (const { index, kind, property } of [
      ...retained(project.environments, 'environment', 'environments'),
      ...retained(project.segments, 'segment', 'segments'),
      ...retained(project.flags, 'flag', 'flags'),
      ...retained(project.sdkKeys, 'SDK key', 'sdkKeys'),
    ]) {
      problems.push(
        problemAt(
          [...at, property, index, 'removalPolicy'],
          `cannot retain this ${kind}: the project's removal policy is delete, which removes everything in it`,
        ),
      );
    }
  }
  for (const { index, resource } of retained(project.sdkKeys, 'SDK key', 'sdkKeys')) {
    const environment = asString(resource.environment);
    if (!projectDeleted && environment !== undefined && deletedEnvironments.has(environment)) {
      problems.push(
        problemAt(
          [...at, 'sdkKeys', index, 'removalPolicy'],
          `cannot retain this SDK key: environment "${environment}" has removal policy delete, which removes its keys`,
        ),
      );
    }
  }
  return problems;
}
